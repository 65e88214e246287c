import { formatTimeRangeFor } from "@common/dates-language";
import { Card } from "@web/components/ui/card";
import { useLanguage } from "@web/lib/language";
import { useArrivals } from "../api/check-in";

/** Arrived / expected / still to come per slot, refreshed every few seconds (other phones' check-ins). */
export function ArrivalsTable({ eventId }: { eventId: string }) {
  const { language, t } = useLanguage();
  const arrivals = useArrivals(eventId);
  const slots = arrivals.data?.timeslots ?? [];
  const total = slots.reduce((sum, slot) => ({ expected: sum.expected + slot.expected, arrived: sum.arrived + slot.arrived }), {
    expected: 0,
    arrived: 0,
  });
  return (
    <Card className="overflow-x-auto p-4">
      <table className="w-full text-sm" data-testid="arrivals">
        <caption className="mb-2 text-left font-semibold">
          {t("checkin.arrivals.title")}
          <span className="block text-xs font-normal text-muted-foreground">{t("checkin.arrivals.updated")}</span>
        </caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1 pr-2 font-medium">
              {t("checkin.arrivals.slot")}
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              {t("checkin.arrivals.arrived")}
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              {t("checkin.arrivals.expected")}
            </th>
            <th scope="col" className="py-1 pl-2 text-right font-medium">
              {t("checkin.arrivals.toCome")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border tabular-nums">
          {slots.map((slot) => (
            <tr key={slot.timeslotId}>
              <th scope="row" className="py-2 pr-2 text-left font-medium">
                {formatTimeRangeFor(language, slot.startTime, slot.endTime)}
              </th>
              <td className="px-2 py-2 text-right">{slot.arrived}</td>
              <td className="px-2 py-2 text-right">{slot.expected}</td>
              <td className="py-2 pl-2 text-right">{Math.max(0, slot.expected - slot.arrived)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-border font-semibold tabular-nums">
          <tr>
            <th scope="row" className="py-2 pr-2 text-left">
              {t("checkin.arrivals.total")}
            </th>
            <td className="px-2 py-2 text-right" data-testid="arrived-total">
              {total.arrived}
            </td>
            <td className="px-2 py-2 text-right" data-testid="expected-total">
              {total.expected}
            </td>
            <td className="py-2 pl-2 text-right" data-testid="to-come-total">
              {Math.max(0, total.expected - total.arrived)}
            </td>
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}
