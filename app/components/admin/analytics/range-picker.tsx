// The analytics page's period: two dates in a GET form (works without JavaScript) and links to
// the usual spans, each ending today and starting on a Monday, so that every week is whole.
import { Form, Link } from "react-router";
import { TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { formatDateVi } from "~/lib/format";
import { type AnalyticsRange, addDays, mondayOf } from "~/schemas/analytics";

export function RangePicker({ range, today }: { range: AnalyticsRange; today: string }) {
  const { t } = useTranslation("admin-analytics");
  const presets = [
    { weeks: 4, label: t("range.weeks", { count: 4 }) },
    { weeks: 12, label: t("range.weeks", { count: 12 }) },
    { weeks: 26, label: t("range.months", { count: 6 }) },
    { weeks: 52, label: t("range.months", { count: 12 }) },
  ];
  return (
    <section
      aria-labelledby="range-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="range-heading" className="text-lg font-bold text-slate-900">
        {t("range.heading")}
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        {t("range.current", { from: formatDateVi(range.from), to: formatDateVi(range.to) })}
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        {(["from", "to"] as const).map((end) => (
          // Keyed by the value: a new range from a preset link refills the field.
          <div key={`${end}${range[end]}`} className="w-44">
            <TextField label={t(`range.${end}`)} type="date" name={end} defaultValue={range[end]} />
          </div>
        ))}
        <Button type="submit" variant="secondary">
          {t("range.apply")}
        </Button>
      </Form>
      <nav aria-label={t("range.presets")} className="mt-3 flex flex-wrap gap-2">
        {presets.map((preset) => (
          <Link
            key={preset.weeks}
            to={`?from=${addDays(mondayOf(today), -7 * (preset.weeks - 1))}&to=${today}`}
            className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-200"
          >
            {preset.label}
          </Link>
        ))}
      </nav>
    </section>
  );
}
