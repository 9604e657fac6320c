// The translations as JSON files of the client build, one per language and namespace, at the
// path app/i18n/locale-files.ts gives (ADR 044). The version in that path, a hash of every
// text, reaches the browser code as import.meta.env.LOCALES_VERSION. In development the same
// paths are answered from app/locales, read on each request.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { LOCALE_FILE_NAME, localeFilePath } from "../app/i18n/locale-files";

const LOCALES_DIR = path.resolve(import.meta.dirname, "../app/locales");
const DEV_VERSION = "dev";

interface LocaleFile {
  language: string;
  namespace: string;
  file: string;
}

function localeFiles(): LocaleFile[] {
  return fs
    .readdirSync(LOCALES_DIR)
    .filter((language) => LOCALE_FILE_NAME.test(language))
    .flatMap((language) =>
      fs
        .readdirSync(path.join(LOCALES_DIR, language))
        .filter((name) => name.endsWith(".json"))
        .map((name) => ({
          language,
          namespace: name.slice(0, -".json".length),
          file: path.join(LOCALES_DIR, language, name),
        })),
    )
    .sort((a, b) => a.file.localeCompare(b.file));
}

function versionOf(files: LocaleFile[]): string {
  const hash = createHash("sha256");
  for (const { file } of files)
    hash.update(path.relative(LOCALES_DIR, file)).update("\0").update(fs.readFileSync(file));
  return hash.digest("base64url").slice(0, 10);
}

export function localeFilesPlugin(): Plugin {
  let version = DEV_VERSION;
  return {
    name: "lernhaus:locale-files",
    config(_config, { command }) {
      if (command === "build") version = versionOf(localeFiles());
      return { define: { "import.meta.env.LOCALES_VERSION": JSON.stringify(version) } };
    },
    configureServer(server) {
      // "/assets/locales-dev/<language>/<namespace>.json", the path the browser code builds.
      const prefix = localeFilePath(DEV_VERSION, "", "").replace(/\/\.json$/, "");
      server.middlewares.use((request, response, next) => {
        const url = request.url?.split("?")[0] ?? "";
        const match = url.startsWith(prefix)
          ? /^([^/]+)\/([^/]+)\.json$/.exec(url.slice(prefix.length))
          : null;
        if (!match) return next();
        const [, language = "", namespace = ""] = match;
        const file = path.join(LOCALES_DIR, language, `${namespace}.json`);
        if (!LOCALE_FILE_NAME.test(language) || !LOCALE_FILE_NAME.test(namespace) || !fs.existsSync(file))
          return next();
        response.setHeader("Content-Type", "application/json; charset=utf-8");
        response.end(fs.readFileSync(file));
      });
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const { language, namespace, file } of localeFiles()) {
        this.emitFile({
          type: "asset",
          fileName: localeFilePath(version, language, namespace).slice(1),
          source: JSON.stringify(JSON.parse(fs.readFileSync(file, "utf8"))),
        });
      }
    },
  };
}
