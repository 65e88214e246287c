import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "@web/components/ui/card";

/** The frame of the create and edit pages: title and a card holding the form; `after`: more cards below. */
export function EventPageShell({ title, children, after }: { title: string; children: ReactNode; after?: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      {after}
    </div>
  );
}
