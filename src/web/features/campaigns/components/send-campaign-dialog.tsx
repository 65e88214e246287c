import { zodResolver } from "@hookform/resolvers/zod";
import { CAMPAIGN_RECIPIENT_ADVICE } from "@common/constants";
import { campaignMessageSchema, type CampaignMessage, type CampaignMessageInput } from "@common/schemas/campaigns";
import { campaigns as texts } from "@common/texts/campaigns";
import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input, Textarea } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { ApiError } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { useSendCampaign } from "../api/send-campaign";

interface SendCampaignDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eventId: string;
  registrationIds: string[];
  /** After a successful send: the screen clears its selection and opens the history tab. */
  onSent: (campaignId: string) => void;
}

const DEFAULTS: CampaignMessageInput = { subject: texts.modal.defaultSubject, content: "", isHtml: false };

/** The server's message when it sent one (our error shape), else 'Error desconocido'. */
function failureReason(error: unknown): string {
  return error instanceof ApiError && error.code !== "http_error" && error.message ? error.message : texts.alerts.unknownError;
}

interface ComposeStepProps {
  form: UseFormReturn<CampaignMessageInput, unknown, CampaignMessage>;
  count: number;
  onCompose: (message: CampaignMessage) => void;
  onCancel: () => void;
}

/** The message: subject, text, whether it is HTML, and how many will receive it. */
function ComposeStep({ form, count, onCompose, onCancel }: ComposeStepProps) {
  const { errors } = form.formState;
  const tooMany = count > CAMPAIGN_RECIPIENT_ADVICE;
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(onCompose)}>
      <Field id="campaign-subject" label={texts.modal.subject} error={errors.subject?.message}>
        <Input {...fieldAria("campaign-subject", errors.subject?.message)} {...form.register("subject")} />
      </Field>
      <Field
        id="campaign-content"
        label={texts.modal.message}
        error={errors.content?.message}
        hint={texts.modal.placeholdersHelp}
      >
        <Textarea
          rows={8}
          className="font-mono text-sm max-sm:min-h-0 max-sm:h-28 sm:text-sm"
          {...fieldAria("campaign-content", errors.content?.message, true)}
          {...form.register("content")}
        />
      </Field>
      <div className="flex items-center gap-2">
        <Checkbox id="campaign-is-html" {...form.register("isHtml")} />
        <Label htmlFor="campaign-is-html">{texts.modal.isHtml}</Label>
      </div>
      <div className="grid gap-1 rounded-md border border-border bg-muted/40 p-3 text-sm">
        <p className="font-medium">{texts.modal.recipients(count)}</p>
        <p className={cn("flex items-start gap-2 text-muted-foreground", tooMany && "font-medium text-foreground")}>
          {tooMany ? <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" /> : null}
          {texts.modal.advice}
        </p>
      </div>
      {/* Kept in view at the bottom of the scrolling dialog: on a phone the form is taller than the screen. */}
      <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 border-t bg-popover px-6 py-4 max-sm:flex-row max-sm:*:flex-1">
        <Button variant="outline" onClick={onCancel}>
          {texts.modal.cancel}
        </Button>
        <Button type="submit" disabled={count === 0}>
          {texts.modal.send}
        </Button>
      </DialogFooter>
    </form>
  );
}

interface ConfirmStepProps {
  count: number;
  busy: boolean;
  failure: string | null;
  onBack: () => void;
  onConfirm: () => void;
}

/** SPEC.md §8: '¿Confirmas el envío de emails a N modelos?' */
function ConfirmStep({ count, busy, failure, onBack, onConfirm }: ConfirmStepProps) {
  return (
    <div className="grid gap-4">
      <p className="text-base font-medium" role="alert">
        {texts.modal.confirm(count)}
      </p>
      {failure ? (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          {texts.modal.back}
        </Button>
        <Button onClick={onConfirm} disabled={busy}>
          {busy ? texts.modal.sending : texts.modal.confirmYes}
        </Button>
      </DialogFooter>
    </div>
  );
}

export function SendCampaignDialog({ open, onOpenChange, eventId, registrationIds, onSent }: SendCampaignDialogProps) {
  const count = registrationIds.length;
  const sendCampaign = useSendCampaign();
  const [pending, setPending] = useState<CampaignMessage | null>(null);
  const form = useForm<CampaignMessageInput, unknown, CampaignMessage>({
    resolver: zodResolver(campaignMessageSchema),
    defaultValues: DEFAULTS,
  });

  const close = (next: boolean) => {
    if (sendCampaign.isPending) return;
    if (!next) {
      setPending(null);
      sendCampaign.reset();
    }
    onOpenChange(next);
  };

  const confirmSend = () => {
    if (!pending) return;
    sendCampaign.mutate(
      { ...pending, eventId, registrationIds },
      {
        onSuccess: (result) => {
          toast.success(texts.alerts.success(result.message));
          form.reset(DEFAULTS);
          setPending(null);
          onOpenChange(false);
          onSent(result.campaignId);
        },
        onError: (error) => {
          toast.error(texts.alerts.failure(failureReason(error)));
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{texts.modal.title}</DialogTitle>
          <DialogDescription>{texts.modal.description}</DialogDescription>
        </DialogHeader>
        {pending ? (
          <ConfirmStep
            count={count}
            busy={sendCampaign.isPending}
            failure={sendCampaign.isError ? texts.alerts.failure(failureReason(sendCampaign.error)) : null}
            onBack={() => {
              sendCampaign.reset();
              setPending(null);
            }}
            onConfirm={confirmSend}
          />
        ) : (
          <ComposeStep form={form} count={count} onCompose={setPending} onCancel={() => close(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
