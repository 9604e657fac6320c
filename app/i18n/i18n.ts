// The process's translator: the server fills it with every language (resources.server.ts) and
// renders each request with its own language (withLanguage); the browser loads only the
// namespaces its pages use, in the language shown plus Vietnamese (load.client.ts).
import { defaultLanguage } from "./language";
import { TranslationStore, Translator } from "./translator";

export const i18n = new Translator(new TranslationStore(), defaultLanguage);
