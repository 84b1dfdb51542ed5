import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

/** The brand configuration (DESIGN.md section 1): BRAND_FILE overrides the fictional demonstration brand. */
const brandFile = process.env.BRAND_FILE
  ? path.resolve(process.env.BRAND_FILE)
  : path.resolve(import.meta.dirname, "src/content/brand/demo-brand.ts");

const apiTarget = process.env.API_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside each text file; the server sends the one the client accepts
    // (see docs/decisions.md, "Precompressed web app").
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/,
      threshold: 512,
      deleteOriginalAssets: false,
    }),
  ],
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "src"),
      "@brand": brandFile,
    },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    // No inline modulepreload polyfill: the strict CSP allows only our own script files.
    modulePreload: { polyfill: false },
    // bench/web-budget.ts reads it to measure what the home route loads first.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { "/api": apiTarget },
  },
});
