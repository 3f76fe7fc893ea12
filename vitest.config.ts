import { defineConfig } from 'vitest/config';
import { defaultSiteConfig } from './config/site-config.ts';

// Two projects: `unit` (components and pure modules, in happy-dom) and `integration` (the platform emulator and the
// platform client over real HTTP and WebSocket, in Node).
export default defineConfig({
  define: { __SITE_CONFIG__: JSON.stringify(defaultSiteConfig) },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
