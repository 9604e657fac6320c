import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Tests that run in parallel on one machine build into folders of their own.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
