import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { appChunkGroups } from "./vite/chunk-groups";
import { localeFilesPlugin } from "./vite/locale-files";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), localeFilesPlugin()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and React Router in one chunk that every page loads. Left to itself
            // the bundler splits them into several as soon as a lazy chunk (the admin's editor,
            // ADR 055) shares some of them, and each split costs every public page bytes and
            // requests.
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // Then the app's modules that are loaded together anyway (vite/chunk-groups.ts).
            ...appChunkGroups,
          ],
        },
      },
    },
  },
});
