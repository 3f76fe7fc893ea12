import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

interface Props {
  /** The emulated device width in CSS pixels. */
  width: number;
  /** Test id of the scaled device box. */
  testId?: string;
  children: ReactNode;
}

/**
 * The preview area: lays its content out at the device width and scales it down (never up) to fit the space, like an
 * editor canvas. The transform also makes the device box the containing block of the site's `position: fixed` header,
 * so a federated site stays inside its box instead of covering the shell.
 */
export function PreviewStage({ width, testId, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setBox({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = box.width > 0 ? Math.min(1, box.width / width) : 1;
  const height = box.height > 0 ? box.height / scale : 600;
  const left = Math.max(0, (box.width - width * scale) / 2);

  return (
    <div className="es-stage" ref={ref}>
      <div
        className="es-device"
        data-testid={testId}
        data-scale={scale.toFixed(3)}
        style={{ width, height, left, transform: `scale(${scale})` }}
      >
        {children}
      </div>
      <span className="es-stage-badge" aria-live="off">
        {width} px · {Math.round(scale * 100)}%
      </span>
    </div>
  );
}
