// The building blocks the public pages share: the hero at the top of a page, a section under a
// centred heading, a feature card (icon, title, text) and the blue call-to-action band. Each page
// brings its words; the blocks keep the pages looking like one site.
import { CheckCircle2, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

const heroSizes = {
  /** About and courses: a large title over a wide lead. */
  large: {
    frame: "max-w-4xl px-4 pt-14 pb-10",
    title: "text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl",
    lead: "mx-auto mt-5 max-w-3xl text-lg leading-relaxed text-slate-700",
  },
  /** Contact and enrolment: the form follows close below. */
  compact: {
    frame: "max-w-6xl px-4 pt-12 pb-8 lg:pt-16",
    title: "text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl",
    lead: "mx-auto mt-4 max-w-2xl text-lg text-slate-700",
  },
} as const;

export function PageHero({
  title,
  lead,
  size,
  frame,
  before,
  children,
}: {
  title: string;
  lead: string;
  size: keyof typeof heroSizes;
  /** The inner column's width and padding, where a page differs from its size's. */
  frame?: string;
  /** Shown above the title (a badge). */
  before?: ReactNode;
  /** Shown below the lead (a button). */
  children?: ReactNode;
}) {
  const classes = heroSizes[size];
  return (
    <section className="bg-gradient-to-b from-blue-50 to-white">
      <div className={`mx-auto ${frame ?? classes.frame} text-center`}>
        {before}
        <h1 className={classes.title}>{title}</h1>
        <p className={classes.lead}>{lead}</p>
        {children}
      </div>
    </section>
  );
}

/** The small amber label above a hero's title. */
export function HeroBadge({ children }: { children: ReactNode }) {
  return (
    <p className="mb-4 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
      {children}
    </p>
  );
}

/**
 * A page section under a centred heading, optionally with a line below it. On a `band` (a
 * background across the whole width) the content keeps its column inside; otherwise the section is
 * the column.
 */
export function TitledSection({
  id,
  title,
  subtitle,
  band,
  width = "max-w-6xl",
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  subtitle?: string;
  band?: string;
  width?: "max-w-5xl" | "max-w-6xl";
  children: ReactNode;
}) {
  const column = `mx-auto ${width} px-4 py-16`;
  const content = (
    <>
      <h2 id={id} className="text-center text-3xl font-bold">
        {title}
      </h2>
      {subtitle && <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">{subtitle}</p>}
      {children}
    </>
  );
  return band ? (
    <section aria-labelledby={id} className={band}>
      <div className={column}>{content}</div>
    </section>
  ) : (
    <section aria-labelledby={id} className={column}>
      {content}
    </section>
  );
}

/** A list item with a large icon, a title and a text (home features, course highlights). */
export function FeatureCard({
  Icon,
  title,
  text,
  id,
  className,
  children,
}: {
  Icon: LucideIcon;
  title: string;
  text: string;
  id?: string;
  /** The card's frame: its border or background. */
  className: string;
  children?: ReactNode;
}) {
  return (
    <li id={id} className={className}>
      <Icon aria-hidden="true" className="size-10 text-blue-700" />
      <h3 className="mt-4 text-xl font-semibold">{title}</h3>
      <p className="mt-2 leading-relaxed text-slate-700">{text}</p>
      {children}
    </li>
  );
}

/** The blue band that closes a page with a call to action; the links are the caller's. */
export function CallToAction({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="bg-blue-800 text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center">
        <h2 id={id} className="text-3xl font-bold">
          {title}
        </h2>
        <p className="mt-4 text-lg text-blue-100">{text}</p>
        {children}
      </div>
    </section>
  );
}

/** A card beside a page's main column (offers, opening hours, support, popular posts): its
 * heading, with an icon before it when given, names it. */
export function SideCard({
  id,
  title,
  icon,
  iconAbove = false,
  anchor,
  className,
  children,
}: {
  /** The heading's id, which names the card. */
  id: string;
  /** The card's own id, where a link or redirect leads to it (`#newsletter`). */
  anchor?: string;
  title: string;
  icon?: ReactNode;
  /** A large icon over the heading (a call to act: help, newsletter) instead of beside it. */
  iconAbove?: boolean;
  /** The card's colours, border and padding. */
  className: string;
  children: ReactNode;
}) {
  return (
    <section id={anchor} aria-labelledby={id} className={`rounded-2xl ${className}`}>
      {iconAbove && icon}
      <h2 id={id} className={`text-lg font-bold ${iconAbove ? "mt-3" : "flex items-center gap-2"}`}>
        {!iconAbove && icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A list of points, each after a tick. */
export function TickList({
  items,
  tick,
  className = "",
}: {
  items: string[];
  tick: string;
  className?: string;
}) {
  return (
    <ul className="mt-4 space-y-3">
      {items.map((item) => (
        <li key={item} className={`flex gap-2 ${className}`}>
          <CheckCircle2 aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${tick}`} />
          {item}
        </li>
      ))}
    </ul>
  );
}
