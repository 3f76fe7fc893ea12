// The async boundary Module Federation needs: shared singletons (react, react-dom) are negotiated before any module
// that imports them runs.
import('./bootstrap.tsx').catch((error: unknown) => {
  console.error('[shell] failed to start', error);
});
