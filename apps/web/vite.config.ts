import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkBudget, LARGEST_CHUNK_KB } from './chunk-budget.ts';
import { entryChunk } from './entry-chunk.ts';
import { noThirdPartyFonts } from './no-third-party-fonts.ts';
import { precompress } from './precompress.ts';

const { plugin: entryChunkPlan, group: entryChunkGroup } = entryChunk();

export default defineConfig({
  plugins: [entryChunkPlan, noThirdPartyFonts(), react(), precompress(), chunkBudget()],
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
    // Each chunk's own ceiling is checked by chunk-budget.ts; Vite's single limit only above them all.
    chunkSizeWarningLimit: LARGEST_CHUNK_KB,
    rolldownOptions: {
      // The page's first script (src/boot/early-requests.ts), a file of its own that the server
      // puts in index.html ahead of the app's (apps/server/src/plugins/app-page.ts).
      input: { index: 'index.html', 'early-requests': 'src/boot/early-requests.ts' },
      output: { codeSplitting: { groups: [entryChunkGroup] } },
    },
  },
});
