import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { noThirdPartyFonts } from './no-third-party-fonts';
import { precompress } from './precompress';

export default defineConfig({
  plugins: [noThirdPartyFonts(), react(), precompress()],
  server: {
    port: 5173,
    // In development the API, the identity provider and the dev outbox live on the server.
    proxy: { '/api': 'http://localhost:3000', '/idp': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
  },
});
