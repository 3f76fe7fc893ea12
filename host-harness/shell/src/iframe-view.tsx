import { type RefObject, useEffect, useRef } from 'react';
import { PreviewStage } from './preview-stage.tsx';

interface Props {
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** The iframe's launch URL (may carry the chosen account's token: it is never shown in the shell). */
  src: string;
  /** Changes on every programmatic navigation or reload, to load `src` again even when it is unchanged. */
  generation: number;
  /**
   * Load the site in a `credentialless` iframe: a fresh, throwaway storage partition, so that "Anonymous" is really
   * anonymous even after a signed-in preview saved its token in the site's `localStorage`.
   */
  anonymous: boolean;
  width: number;
}

/** The site in an iframe on its own origin, as the platform's editor previews it. */
export function IframeView({ frameRef, src, generation, anonymous, width }: Props) {
  const navigated = useRef<{ frame: HTMLIFrameElement | null; generation: number }>({
    frame: null,
    generation,
  });

  // Reload in the same browsing context (so the site keeps its sessionStorage, as a browser reload would): setting
  // `src` again navigates even when the value is unchanged. A freshly mounted frame has already started loading.
  useEffect(() => {
    const frame = frameRef.current;
    const last = navigated.current;
    navigated.current = { frame, generation };
    if (!frame || last.frame !== frame || last.generation === generation) return;
    if (frame.getAttribute('src') === src) frame.setAttribute('src', src);
  }, [frameRef, generation, src]);

  return (
    <PreviewStage width={width}>
      <iframe
        // A different storage partition needs a new frame: `credentialless` is read when the frame is created.
        key={anonymous ? 'anonymous' : 'signed-in'}
        ref={frameRef}
        src={src}
        title="Site preview"
        className="es-frame"
        data-testid="shell-iframe"
        referrerPolicy="strict-origin-when-cross-origin"
        {...({ credentialless: anonymous } as Record<string, boolean>)}
      />
    </PreviewStage>
  );
}
