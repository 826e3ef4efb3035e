import type { Config } from '@react-router/dev/config';
import { writeBuildManifest } from './scripts/build-manifest.ts';

export default {
  appDirectory: 'app',
  ssr: true,
  // Only the routes a page needs travel with it; the 14-language route table stays on the server.
  routeDiscovery: { mode: 'lazy' },
  async buildEnd({ reactRouterConfig }) {
    await writeBuildManifest(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
