import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The noren binary serves dist/ under /checkout/ (NOREN_CHECKOUT_DIR) and answers every
// /checkout/{token} path with dist/index.html, so assets must be addressed from /checkout/.
export default defineConfig({
  base: '/checkout/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Everything is bundled: the page loads nothing from any host but the noren server.
    assetsInlineLimit: 0,
  },
});
