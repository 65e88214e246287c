import { zodResolver } from "@hookform/resolvers/zod";
import { CAMPAIGN_RECIPIENT_ADVICE } from "@common/constants";
import { campaignMessageSchema, type CampaignMessage, type CampaignMessageInput } from "@common/schemas/campaigns";
import { campaigns as texts } from "@common/texts/campaigns";
import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@web/components/ui/dialog";
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

export function SendCampaignDialog({ open, onOpenChange, eventId, registrationIds, onSent }: SendCampaignDialogProps) {
  const count = registrationIds.length;
  const sendCampaign = useSendCampaign();
  const [pending, setPending] = useState<CampaignMessage | null>(null);
  const form = useForm<CampaignMessageInput, unknown, CampaignMessage>({
    resolver: zodResolver(campaignMessageSchema),
    defaultValues: DEFAULTS,
  });
  const { errors } = form.formState;

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

  const tooMany = count > CAMPAIGN_RECIPIENT_ADVICE;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{texts.modal.title}</DialogTitle>
          <DialogDescription>{texts.modal.description}</DialogDescription>
        </DialogHeader>

        {pending ? (
          <div className="grid gap-4">
            <p className="text-base font-medium" role="alert">
              {texts.modal.confirm(count)}
            </p>
            {sendCampaign.isError ? (
              <Alert variant="destructive">
                <AlertDescription>{texts.alerts.failure(failureReason(sendCampaign.error))}</AlertDescription>
              </Alert>
            ) : null}
            <DialogFooter>
              <Button variant="outline" onClick={() => { sendCampaign.reset(); setPending(null); }} disabled={sendCampaign.isPending}>
                {texts.modal.back}
              </Button>
              <Button onClick={confirmSend} disabled={sendCampaign.isPending}>
                {sendCampaign.isPending ? texts.modal.sending : texts.modal.confirmYes}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => setPending(values))}>
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
                className="font-mono text-sm sm:text-sm"
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
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false)}>
                {texts.modal.cancel}
              </Button>
              <Button type="submit" disabled={count === 0}>
                {texts.modal.send}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
