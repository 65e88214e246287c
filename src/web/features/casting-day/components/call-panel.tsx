import { DEFAULT_CALL_COUNT, MAX_CALL_COUNT, type QueueCallRequest, type QueueEntry } from "@common/schemas/queue";
import { Megaphone } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { useT } from "@web/lib/language";
import { useCallQueue } from "../api/call-queue";

interface CallPanelProps {
  eventId: string;
  /** The room's name, or null after telling the person to write it first. */
  requireRoom: () => string | null;
  /** The numbers the server gave this room (none when nobody waited). */
  onCalled: (called: QueueEntry[], request: QueueCallRequest) => void;
  onFailed: (error: unknown) => void;
}

/** «Llamar a los próximos» (how many, 5 by default) and a number called out of turn. */
export function CallPanel({ eventId, requireRoom, onCalled, onFailed }: CallPanelProps) {
  const t = useT();
  const id = useId();
  const call = useCallQueue(eventId);
  const [count, setCount] = useState(String(DEFAULT_CALL_COUNT));
  const [number, setNumber] = useState("");
  const [errors, setErrors] = useState<{ count?: string; number?: string }>({});

  const send = (request: Omit<QueueCallRequest, "room">, clear?: () => void) => {
    const room = requireRoom();
    if (!room) return;
    const body = { ...request, room };
    call.mutate(body, {
      onSuccess: ({ called }) => {
        clear?.();
        onCalled(called, body);
      },
      onError: onFailed,
    });
  };

  /** A complaint about one field, read with the field once focus lands there. */
  const refuse = (field: "count" | "number", message: string) => {
    setErrors({ [field]: message });
    requestAnimationFrame(() => document.getElementById(`${id}-${field}`)?.focus());
  };

  const callNext = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(count);
    if (!Number.isInteger(value) || value < 1 || value > MAX_CALL_COUNT)
      return refuse("count", t("castingday.room.call.countInvalid", { max: MAX_CALL_COUNT }));
    setErrors({});
    send({ count: value });
  };

  const callNumber = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(number);
    if (!number.trim() || !Number.isInteger(value) || value < 1)
      return refuse("number", t("castingday.room.call.numberRequired"));
    setErrors({});
    send({ number: value }, () => setNumber(""));
  };

  return (
    <Card className="grid gap-5 p-4 sm:grid-cols-2">
      <form onSubmit={callNext} noValidate className="grid content-start gap-3">
        <NumberField
          id={`${id}-count`}
          label={t("castingday.room.call.count")}
          error={errors.count}
          value={count}
          onChange={setCount}
          max={MAX_CALL_COUNT}
        />
        <Button type="submit" size="lg" disabled={call.isPending} aria-busy={call.isPending || undefined}>
          <Megaphone aria-hidden="true" />
          {call.isPending ? t("castingday.room.call.calling") : t("castingday.room.call.next")}
        </Button>
      </form>
      <form onSubmit={callNumber} noValidate className="grid content-start gap-3">
        <NumberField
          id={`${id}-number`}
          label={t("castingday.room.call.number")}
          hint={t("castingday.room.call.numberHint")}
          error={errors.number}
          value={number}
          onChange={setNumber}
        />
        <Button type="submit" variant="outline" size="lg" disabled={call.isPending}>
          {t("castingday.room.call.callNumber")}
        </Button>
      </form>
    </Card>
  );
}

function NumberField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  max,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  max?: number;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input
        {...fieldAria(id, error, Boolean(hint))}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="sm:max-w-32"
      />
    </Field>
  );
}
