// schema.org Article of a blog post, for search engines (JsonLd renders it on the server only).
import type { Language } from "~/i18n/language";

export function articleJsonLd(
  post: {
    title: string;
    excerpt: string;
    thumbnail: string | null;
    author: string;
    createdAt: Date;
    updatedAt: Date;
  },
  url: string,
  language: Language,
) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.excerpt,
    // An upload is a path of ours; search engines need the absolute address.
    ...(post.thumbnail ? { image: [new URL(post.thumbnail, url).href] } : {}),
    datePublished: new Date(post.createdAt).toISOString(),
    dateModified: new Date(post.updatedAt).toISOString(),
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: "Lernhaus" },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    inLanguage: language,
  };
}
