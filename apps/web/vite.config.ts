import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { entryChunk } from './entry-chunk.ts';
import { noThirdPartyFonts } from './no-third-party-fonts.ts';
import { precompress } from './precompress.ts';

const { plugin: entryChunkPlan, group: entryChunkGroup } = entryChunk();

export default defineConfig({
  plugins: [entryChunkPlan, noThirdPartyFonts(), react(), precompress()],
  server: {
    port: 5173,
    // In development the API, the identity provider and the dev outbox live on the server.
    proxy: { '/api': 'http://localhost:3000', '/idp': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by the server to hint each language's texts in index.html (apps/server/src/plugins/app-page.ts).
    manifest: true,
    // The survey form (SurveyJS, about 1,600 kB and 360 kB compressed) loads only on a survey
    // step and in the survey builder; a chunk larger than it is news.
    chunkSizeWarningLimit: 1700,
    rolldownOptions: {
      // The page's first script (src/boot/early-requests.ts), a file of its own that the server
      // puts in index.html ahead of the app's (apps/server/src/plugins/app-page.ts).
      input: { index: 'index.html', 'early-requests': 'src/boot/early-requests.ts' },
      output: { codeSplitting: { groups: [entryChunkGroup] } },
    },
  },
});
