import { useId, useState, type ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";
import { useT } from "@web/lib/language";

export interface ChartTable {
  columns: string[];
  rows: Array<Array<string | number>>;
}

/**
 * A chart with its numbers (issue 38): the table is always there for screen readers (visually
 * hidden beside the picture), and 'Ver como tabla' shows it instead of the picture.
 */
export function ChartCard({
  title,
  summary,
  table,
  children,
}: {
  title: string;
  summary?: string;
  table: ChartTable;
  children?: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const [asTable, setAsTable] = useState(!children);
  const numbers = <NumbersTable caption={title} table={table} />;
  const hiddenNumbers = <NumbersTable caption={title} table={table} scrolls={false} />;
  return (
    // min-w-0: a grid item as wide as its track, whatever the chart drawn at the last width measured.
    <Card role="region" aria-labelledby={`${id}-title`} className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold leading-snug">
          {title}
        </h2>
        {children ? (
          <Button variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
            {asTable ? t("insights.page.showChart") : t("insights.page.showTable")}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {summary ? <p className="text-sm text-muted-foreground">{summary}</p> : null}
        {table.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("insights.page.empty")}</p>
        ) : asTable || !children ? (
          numbers
        ) : (
          <>
            {children}
            <div className="sr-only">{hiddenNumbers}</div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The numbers as a table. Shown, it scrolls sideways where it is wider than a phone, so its box can
 * be focused to scroll it with the keyboard; visually hidden for screen readers, it has no box.
 */
function NumbersTable({ caption, table, scrolls = true }: { caption: string; table: ChartTable; scrolls?: boolean }) {
  const numbers = (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b">
          {table.columns.map((column, i) => (
            <th
              key={column}
              scope="col"
              className={i === 0 ? "py-1 pr-2 text-left font-medium" : "px-2 py-1 text-right font-medium"}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={String(row[0])} className="border-b last:border-0">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-1 pr-2 text-left font-normal">
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-2 py-1 text-right tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!scrolls) return numbers;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={caption}>
      {numbers}
    </div>
  );
}
