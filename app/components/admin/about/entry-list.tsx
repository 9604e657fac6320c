// One list tab of the admin about page (team, values, milestones, testimonials): the entries by
// order, each with edit and delete links that open the URL-driven dialogs, and for team members
// and testimonials the state switch of spec §4.

import { Plus, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Avatar } from "~/components/site/about/avatar";
import { valueIcon } from "~/components/site/about/value-icon";
import { gradientClass } from "~/components/site/color-gradients";
import { buttonClass } from "~/components/ui/button";
import type { Language } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import {
  type ContentTranslations,
  contentLanguages,
  type TranslationLanguage,
  UNTRANSLATED_PARAM,
} from "~/lib/content-language";
import { dialogHref } from "~/lib/dialog-url";
import type { AdminAboutEntries } from "~/models/about.server";
import type { AboutListKind } from "~/schemas/about";
import { aboutEntryRequiredFields } from "~/schemas/about-translation";
import { ContentLanguageBadges } from "../content-language/content-language-switch";
import { ListError } from "../form-parts";
import { EditDeleteLinks } from "../row-actions";

export type AboutListProps = {
  [K in AboutListKind]: { kind: K; entries: AdminAboutEntries[K] };
}[AboutListKind];

interface Row {
  id: string;
  /** How the row is named in link labels and the delete question. */
  name: string;
  detail: string;
  order: number;
  leading: ReactNode;
  toggle?: { on: boolean; onLabel: string; offLabel: string; turnOff: string; turnOn: string };
}

/** How an entry is named in link labels and the delete question. */
export function aboutEntryName(props: AboutListProps, id: string) {
  switch (props.kind) {
    case "team":
    case "testimonials":
      return props.entries.find((entry) => entry.id === id)?.name;
    case "values":
      return props.entries.find((entry) => entry.id === id)?.title;
    case "milestones": {
      const milestone = props.entries.find((entry) => entry.id === id);
      return milestone && `${milestone.year} — ${milestone.title}`;
    }
  }
}

function useRows(props: AboutListProps): Row[] {
  const { t } = useTranslation("admin-about");
  switch (props.kind) {
    case "team":
      return props.entries.map((member) => ({
        id: member.id,
        name: member.name,
        detail: `${member.role} · ${member.experience}`,
        order: member.order,
        leading: (
          <Avatar name={member.name} src={member.avatar} color={member.color} size="size-12 text-xl" />
        ),
        toggle: {
          on: member.active,
          onLabel: t("team.state.active"),
          offLabel: t("team.state.hidden"),
          turnOff: t("team.toggleHide"),
          turnOn: t("team.toggleShow"),
        },
      }));
    case "values":
      return props.entries.map((value) => {
        const Icon = valueIcon(value.icon);
        return {
          id: value.id,
          name: value.title,
          detail: value.description,
          order: value.order,
          leading: (
            <span
              className={`${gradientClass(value.color)} flex size-12 shrink-0 items-center justify-center rounded-xl text-white`}
            >
              <Icon aria-hidden="true" className="size-6" />
            </span>
          ),
        };
      });
    case "milestones":
      return props.entries.map((milestone) => ({
        id: milestone.id,
        name: `${milestone.year} — ${milestone.title}`,
        detail: milestone.description,
        order: milestone.order,
        leading: (
          <span className="flex h-12 min-w-12 shrink-0 items-center justify-center rounded-xl bg-slate-900 px-2 font-bold text-white">
            {milestone.year}
          </span>
        ),
      }));
    case "testimonials":
      return props.entries.map((testimonial) => ({
        id: testimonial.id,
        name: testimonial.name,
        detail: `${testimonial.role} · ${t("testimonials.stars", { rating: testimonial.rating })}`,
        order: testimonial.order,
        leading: <Avatar name={testimonial.name} src={testimonial.avatar} size="size-12 text-xl" />,
        toggle: {
          on: testimonial.featured,
          onLabel: t("testimonials.state.featured"),
          offLabel: t("testimonials.state.normal"),
          turnOff: t("testimonials.toggleNormal"),
          turnOn: t("testimonials.toggleFeatured"),
        },
      }));
  }
}

export function AboutEntryList({
  result,
  untranslated,
  ...props
}: AboutListProps & {
  result: unknown;
  /** The filter "Chưa dịch sang EN/DE" in force: the list holds only entries lacking it. */
  untranslated: TranslationLanguage | undefined;
}) {
  const { t } = useTranslation("admin-about");
  const languageNames = useTranslation("content-language").t;
  const location = useLocation();
  const rows = useRows(props as AboutListProps);
  const { kind } = props;
  // The languages each entry is written in: those with every text its Vietnamese form requires.
  const written = new Map<string, Language[]>(
    (props.entries as readonly { id: string; translations: ContentTranslations }[]).map((entry) => [
      entry.id,
      contentLanguages(entry.translations, aboutEntryRequiredFields[kind]),
    ]),
  );
  return (
    <section aria-labelledby={`about-${kind}-heading`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={`about-${kind}-heading`} className="text-xl font-bold text-slate-900">
            {t(`tabs.${kind}`)}
          </h2>
          <p className="text-slate-600">{t(`${kind}.count`, { count: rows.length })}</p>
        </div>
        <Link
          to={dialogHref(location.search, { mode: "new", kind })}
          preventScrollReset
          className={buttonClass()}
        >
          <Plus aria-hidden="true" className="size-5" />
          {t(`${kind}.add`)}
        </Link>
      </div>
      <UntranslatedFilter current={untranslated} />
      <ListError result={result} />
      {rows.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          {untranslated
            ? t("allTranslated", { language: languageNames(`names.${untranslated}`) })
            : t(`${kind}.empty`)}
        </p>
      ) : (
        <ul className="space-y-3">
          {rows.map((row) => (
            <EntryRow key={row.id} kind={kind} row={row} languages={written.get(row.id) ?? []} />
          ))}
        </ul>
      )}
    </section>
  );
}

function EntryRow({ kind, row, languages }: { kind: AboutListKind; row: Row; languages: Language[] }) {
  const { t } = useTranslation("admin-about");
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      {row.leading}
      {/* On a phone the controls wrap under the name instead of squeezing it. */}
      <div className="min-w-48 flex-1">
        <p className="font-semibold text-slate-900">{row.name}</p>
        <p className="line-clamp-2 text-sm text-slate-600">{row.detail}</p>
      </div>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <ContentLanguageBadges present={languages} />
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700">
          {t("order", { order: row.order })}
        </span>
        {row.toggle && <StateToggle kind={kind} id={row.id} toggle={row.toggle} />}
        <EditDeleteLinks
          id={row.id}
          kind={kind}
          editLabel={t(`${kind}.edit`, { name: row.name })}
          deleteLabel={t(`${kind}.delete`, { name: row.name })}
        />
      </div>
    </li>
  );
}

/** spec §4: "Hoạt động"/"Ẩn" for a member, "Nổi bật"/"Thường" for a testimonial; one click
 * switches it (optimistically shown while the save runs). */
function StateToggle({
  kind,
  id,
  toggle,
}: {
  kind: AboutListKind;
  id: string;
  toggle: NonNullable<Row["toggle"]>;
}) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get("intent") === "toggle" && navigation.formData.get("id") === id;
  const on = pending ? navigation.formData?.get("value") === "true" : toggle.on;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="value" value={String(!on)} />
      <button
        type="submit"
        name="intent"
        value="toggle"
        className={`inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${
          on ? "bg-green-50 text-green-800 ring-green-300" : "bg-slate-100 text-slate-700 ring-slate-300"
        }`}
      >
        {kind === "testimonials" && on && <Star aria-hidden="true" className="size-4 fill-current" />}
        {on ? toggle.onLabel : toggle.offLabel}
        <span className="sr-only"> ({on ? toggle.turnOff : toggle.turnOn})</span>
      </button>
    </Form>
  );
}

/** The filter "Chưa dịch sang EN/DE" of the open list: links, so it lives in the URL with the
 * tab and works without JavaScript. */
function UntranslatedFilter({ current }: { current: TranslationLanguage | undefined }) {
  const { t } = useTranslation("content-language");
  const location = useLocation();
  const hrefFor = (language: TranslationLanguage | undefined) => {
    const params = new URLSearchParams(location.search);
    if (language) params.set(UNTRANSLATED_PARAM, language);
    else params.delete(UNTRANSLATED_PARAM);
    params.delete("done");
    return `?${params}`;
  };
  const options = [
    { language: undefined, label: t("content-language:filter.all") },
    { language: "en", label: t("content-language:filter.untranslatedEn") },
    { language: "de", label: t("content-language:filter.untranslatedDe") },
  ] as const;
  return (
    <nav aria-label={t("content-language:filter.label")} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <Link
          key={option.language ?? "all"}
          to={hrefFor(option.language)}
          preventScrollReset
          aria-current={option.language === current ? "page" : undefined}
          className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 aria-[current=page]:bg-blue-700 aria-[current=page]:text-white aria-[current=page]:ring-blue-700"
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}
