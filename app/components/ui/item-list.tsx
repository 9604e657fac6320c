import type { ReactNode } from "react";

/** A list of records (replies, notes, mails), or the sentence that says there are none. */
export function ItemList<Item>({
  items,
  empty,
  emptyClassName,
  ordered = false,
  className,
  children,
}: {
  items: readonly Item[];
  empty: string;
  emptyClassName: string;
  /** An `<ol>` where the order means something (a thread in time), else a `<ul>`. */
  ordered?: boolean;
  className: string;
  /** One item's `<li>`, with its key. */
  children: (item: Item) => ReactNode;
}) {
  if (items.length === 0) return <p className={emptyClassName}>{empty}</p>;
  const List = ordered ? "ol" : "ul";
  return <List className={className}>{items.map(children)}</List>;
}

/** A record's thread (a message's replies, an enrolment's notes): an ordered list in time. */
export function ThreadList<Item>({
  items,
  empty,
  children,
}: {
  items: readonly Item[];
  empty: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <ItemList
      items={items}
      empty={empty}
      emptyClassName="text-sm text-slate-600"
      ordered
      className="space-y-3"
    >
      {children}
    </ItemList>
  );
}
