import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { localeFilesPlugin } from "./vite/locale-files";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), localeFilesPlugin()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
});
