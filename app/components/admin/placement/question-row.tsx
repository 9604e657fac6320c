// One question of the placement bank's list: its number within its level, type, skill, prompt
// (shortened) and right answers; whether a test asks it now; the active switch, "up" and "down"
// (plain form posts, so they work before and without JavaScript) and edit and delete.
import { ArrowDown, ArrowUp } from "lucide-react";
import { Form } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { AdminPlacementQuestion } from "~/models/placement-bank.server";
import { EditDeleteLinks } from "../row-actions";
import { SwitchForm, useSwitchValue } from "../switch-form";

/** What the list shows of a prompt: one line, at most `max` characters. */
export function shortPrompt(prompt: string, max = 140) {
  const line = prompt.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

const tagClass = "rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1";

export function PlacementQuestionRow({
  question,
  first,
  last,
}: {
  question: AdminPlacementQuestion;
  /** First or last of its level: it cannot move further that way. */
  first: boolean;
  last: boolean;
}) {
  const { t } = useTranslation("admin-placement");
  const active = useSwitchValue(question.id, "toggle-active", "active", question.active);
  const name = t("row.name", { number: question.number, level: question.level });
  return (
    <li
      className={`flex flex-wrap items-start gap-4 rounded-2xl p-4 shadow-sm ring-1 ${
        active ? "bg-white ring-slate-200" : "bg-slate-50 ring-slate-300"
      }`}
    >
      <span className="flex h-12 min-w-12 shrink-0 items-center justify-center rounded-xl bg-slate-900 px-2 text-center text-sm font-bold text-white">
        {t("row.number", { number: question.number })}
      </span>
      <div className="min-w-0 grow basis-64 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className={`${tagClass} bg-slate-100 text-slate-800 ring-slate-300`}>
            {t(`kinds.${question.kind}`)}
          </span>
          <span className={`${tagClass} bg-slate-100 text-slate-800 ring-slate-300`}>
            {t(`skills.${question.skill}`)}
          </span>
          {question.inTest && (
            <span className={`${tagClass} bg-green-50 text-green-800 ring-green-300`}>{t("row.inTest")}</span>
          )}
        </div>
        <p lang="de" className="break-words text-slate-900">
          {shortPrompt(question.prompt)}
        </p>
        <p className="text-sm text-slate-700">
          {question.kind === "choice" ? t("row.answer") : t("row.accepted")}{" "}
          <span lang="de" className="font-semibold text-slate-900">
            {question.answers.join(" · ")}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <SwitchForm
          id={question.id}
          intent="toggle-active"
          field="active"
          on={active}
          className={`rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${
            active
              ? "bg-green-50 text-green-800 ring-green-300"
              : "bg-slate-100 text-slate-700 ring-slate-300"
          }`}
        >
          {active ? t("row.active") : t("row.hidden")}
          <span className="sr-only"> ({active ? t("row.hide") : t("row.activate")})</span>
        </SwitchForm>
        <Form method="post" preventScrollReset className="flex gap-1">
          <input type="hidden" name="id" value={question.id} />
          <MoveButton direction="up" edge={first} name={name} />
          <MoveButton direction="down" edge={last} name={name} />
        </Form>
        <EditDeleteLinks
          id={question.id}
          editLabel={t("row.edit", { name })}
          deleteLabel={t("row.delete", { name })}
        />
      </div>
    </li>
  );
}

/** "Lên" / "Xuống". At the level's edge it stays focusable but says it cannot move (a disabled
 * button would drop the keyboard's focus just as the question reaches the top); pressed there,
 * it changes nothing. */
function MoveButton({ direction, edge, name }: { direction: "up" | "down"; edge: boolean; name: string }) {
  const { t } = useTranslation("admin-placement");
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  return (
    <button
      type="submit"
      name="intent"
      value={`move-${direction}`}
      aria-disabled={edge || undefined}
      className={`inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-2.5 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 aria-disabled:hover:bg-white`}
    >
      <Icon aria-hidden="true" className="size-4" />
      {t(direction === "up" ? "row.up" : "row.down")}
      <span className="sr-only"> — {name}</span>
    </button>
  );
}
