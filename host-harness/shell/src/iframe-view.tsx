import type { RefObject } from 'react';
import { PreviewStage } from './preview-stage.tsx';

interface Props {
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** The iframe's launch URL (may carry the chosen account's token: it is never shown in the shell). */
  src: string;
  /** Changes on every programmatic navigation or reload, to load `src` again even when it is unchanged. */
  generation: number;
  width: number;
}

/** The site in an iframe on its own origin, as the platform's editor previews it. */
export function IframeView({ frameRef, src, generation, width }: Props) {
  return (
    <PreviewStage width={width}>
      <iframe
        key={generation}
        ref={frameRef}
        src={src}
        title="Site preview"
        className="es-frame"
        data-testid="shell-iframe"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </PreviewStage>
  );
}
