import { useTranslation } from "~/i18n/react";
import { langAttribute } from "~/lib/content-language";
import { gradientClass } from "../color-gradients";
import { TitledSection } from "../sections";
import { valueIcon } from "./value-icon";

interface Value {
  id: string;
  title: string;
  description: string;
  icon: string;
  color: string;
  /** The texts shown in Vietnamese on an English or German page (localizeContent). */
  fallbackFields: readonly string[];
}

/** spec §2 About: the core values grid, by `order`. */
export function ValuesGrid({ values }: { values: readonly Value[] }) {
  const { t } = useTranslation("about");
  if (values.length === 0) return null;
  return (
    <TitledSection id="values-title" title={t("values.title")} subtitle={t("values.subtitle")}>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {values.map((value) => {
          const Icon = valueIcon(value.icon);
          return (
            <li
              key={value.id}
              data-testid="core-value"
              data-icon={value.icon}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span
                className={`${gradientClass(value.color)} flex size-12 items-center justify-center rounded-xl text-white`}
              >
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-xl font-semibold" {...langAttribute(value, "title")}>
                {value.title}
              </h3>
              <p className="mt-2 leading-relaxed text-slate-700" {...langAttribute(value, "description")}>
                {value.description}
              </p>
            </li>
          );
        })}
      </ul>
    </TitledSection>
  );
}
