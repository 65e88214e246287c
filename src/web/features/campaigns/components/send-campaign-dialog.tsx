import type { RegistrationStage } from "@common/constants";
import { zodResolver } from "@hookform/resolvers/zod";
import { CAMPAIGN_RECIPIENT_ADVICE } from "@common/constants";
import type { Translate } from "@common/i18n";
import { unknownPlaceholders } from "@common/campaign-placeholders";
import { campaignMessageSchema, type CampaignMessage, type CampaignMessageInput } from "@common/schemas/campaigns";
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
import { useT } from "@web/lib/language";
import { useSendCampaign } from "../api/send-campaign";
import { UnknownPlaceholdersWarning } from "./unknown-placeholders";

interface SendCampaignDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eventId: string;
  registrationIds: string[];
  /** Instead of the ids: every registration of the event in this stage (issue 23), `count` of them. */
  stage?: { stage: RegistrationStage; count: number } | undefined;
  /** After a successful send: the screen clears its selection and opens the history tab. */
  onSent: (campaignId: string) => void;
}

/** A new message's fields, its default subject in the staff member's language. */
function newMessage(t: Translate): CampaignMessageInput {
  return { subject: t("campaigns.modal.defaultSubject"), content: "", isHtml: false };
}

/** The server's message when it sent one (our error shape), else 'Error desconocido'. */
function failureReason(error: unknown, t: Translate): string {
  return error instanceof ApiError && error.code !== "http_error" && error.message
    ? error.message
    : t("campaigns.alerts.unknownError");
}

interface ComposeStepProps {
  form: UseFormReturn<CampaignMessageInput, unknown, CampaignMessage>;
  count: number;
  onCompose: (message: CampaignMessage) => void;
  onCancel: () => void;
}

/** The message: subject, text, whether it is HTML, and how many will receive it. */
function ComposeStep({ form, count, onCompose, onCancel }: ComposeStepProps) {
  const t = useT();
  const { errors } = form.formState;
  const tooMany = count > CAMPAIGN_RECIPIENT_ADVICE;
  const unknown = unknownPlaceholders(form.watch("subject") ?? "", form.watch("content") ?? "");
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(onCompose)}>
      <Field id="campaign-subject" label={t("campaigns.modal.subject")} error={errors.subject?.message}>
        <Input {...fieldAria("campaign-subject", errors.subject?.message)} {...form.register("subject")} />
      </Field>
      <Field
        id="campaign-content"
        label={t("campaigns.modal.message")}
        error={errors.content?.message}
        hint={t("campaigns.modal.placeholdersHelp")}
      >
        <Textarea
          rows={8}
          className="font-mono text-sm max-sm:min-h-0 max-sm:h-28 sm:text-sm"
          {...fieldAria("campaign-content", errors.content?.message, true)}
          {...form.register("content")}
        />
      </Field>
      <UnknownPlaceholdersWarning placeholders={unknown} />
      <div className="flex items-center gap-2">
        <Checkbox id="campaign-is-html" {...form.register("isHtml")} />
        <Label htmlFor="campaign-is-html">{t("campaigns.modal.isHtml")}</Label>
      </div>
      <div className="grid gap-1 rounded-md border border-border bg-muted/40 p-3 text-sm">
        <p className="font-medium">{t("campaigns.modal.recipients", { count })}</p>
        <p className={cn("flex items-start gap-2 text-muted-foreground", tooMany && "font-medium text-foreground")}>
          {tooMany ? <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" /> : null}
          {t("campaigns.modal.advice", { max: CAMPAIGN_RECIPIENT_ADVICE })}
        </p>
      </div>
      {/* Kept in view at the bottom of the scrolling dialog: on a phone the form is taller than the screen. */}
      <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 border-t bg-popover px-6 py-4 max-sm:flex-row max-sm:*:flex-1">
        <Button variant="outline" onClick={onCancel}>
          {t("campaigns.modal.cancel")}
        </Button>
        <Button type="submit" disabled={count === 0}>
          {t("campaigns.modal.send")}
        </Button>
      </DialogFooter>
    </form>
  );
}

interface ConfirmStepProps {
  count: number;
  /** Placeholders that do not exist, sent as written if the user confirms. */
  unknown: string[];
  busy: boolean;
  failure: string | null;
  onBack: () => void;
  onConfirm: () => void;
}

/** docs/product.md §8's '¿Confirmas el envío de emails a N modelos?', in voseo (issue 32): '¿Confirmás…?' */
function ConfirmStep({ count, unknown, busy, failure, onBack, onConfirm }: ConfirmStepProps) {
  const t = useT();
  return (
    <div className="grid gap-4">
      <div className="grid gap-2" role="alert">
        <p className="text-base font-medium">{t("campaigns.modal.confirm", { count })}</p>
        {unknown.length > 0 ? (
          <p className="flex items-start gap-2 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning-foreground" aria-hidden="true" />
            <span className="min-w-0 wrap-break-word">
              {t("campaigns.modal.confirmUnknown", { count: unknown.length, placeholders: unknown.join(", ") })}
            </span>
          </p>
        ) : null}
      </div>
      {failure ? (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          {t("campaigns.modal.back")}
        </Button>
        <Button onClick={onConfirm} disabled={busy}>
          {busy
            ? t("campaigns.modal.sending")
            : unknown.length > 0
              ? t("campaigns.modal.sendAnyway")
              : t("campaigns.modal.confirmYes")}
        </Button>
      </DialogFooter>
    </div>
  );
}

export function SendCampaignDialog({ open, onOpenChange, eventId, registrationIds, stage, onSent }: SendCampaignDialogProps) {
  const t = useT();
  const count = stage ? stage.count : registrationIds.length;
  const sendCampaign = useSendCampaign();
  const [pending, setPending] = useState<CampaignMessage | null>(null);
  const form = useForm<CampaignMessageInput, unknown, CampaignMessage>({
    resolver: zodResolver(campaignMessageSchema),
    defaultValues: newMessage(t),
  });

  const close = (next: boolean) => {
    if (sendCampaign.isPending) return;
    if (!next) {
      setPending(null);
      sendCampaign.reset();
    }
    onOpenChange(next);
  };

  const unknown = pending ? unknownPlaceholders(pending.subject, pending.content) : [];
  const confirmSend = () => {
    if (!pending) return;
    // Confirmed with the unknown placeholders named on screen: the server sends them as written.
    const message = unknown.length > 0 ? { ...pending, allowUnknownPlaceholders: true } : pending;
    sendCampaign.mutate(stage ? { ...message, eventId, stage: stage.stage } : { ...message, eventId, registrationIds }, {
      onSuccess: (result) => {
        // Without SMTP nothing leaves the mailbox: a warning, not a success (issue 32).
        const notify = result.delivery === "mailbox" ? toast.warning : toast.success;
        notify(t("campaigns.alerts.success", { message: result.message }));
        form.reset(newMessage(t));
        setPending(null);
        onOpenChange(false);
        onSent(result.campaignId);
      },
      onError: (error) => {
        toast.error(t("campaigns.alerts.failure", { reason: failureReason(error, t) }));
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("campaigns.modal.title")}</DialogTitle>
          <DialogDescription>{t("campaigns.modal.description")}</DialogDescription>
        </DialogHeader>
        {pending ? (
          <ConfirmStep
            count={count}
            unknown={unknown}
            busy={sendCampaign.isPending}
            failure={
              sendCampaign.isError ? t("campaigns.alerts.failure", { reason: failureReason(sendCampaign.error, t) }) : null
            }
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
