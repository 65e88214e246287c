import { useT } from "@web/lib/language";
import { toRegistrationSheet } from "@common/schemas/registration-sheet";
import { useQueryClient } from "@tanstack/react-query";
import { FileDown } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import { registrationQueryOptions } from "../api/get-registration";
import { registrationPhotoUrl, type RegistrationPhotoRef } from "@common/photos";
import { fieldsHiddenFrom } from "@common/registrant/format";
import { useCan } from "@web/features/accounts";

/** The face photo's bytes for the sheet; none when it cannot be read (the sheet goes without it). */
async function facePhoto(registrationId: string, photo: RegistrationPhotoRef): Promise<Uint8Array | undefined> {
  const response = await fetch(registrationPhotoUrl(registrationId, photo, "large"), { credentials: "same-origin" });
  return response.ok ? new Uint8Array(await response.arrayBuffer()) : undefined;
}

/**
 * 'Descargar ficha' on a row. The list item lacks the event's description and confirmation details,
 * so the click reads the registration (fresh) before building the PDF; the PDF code loads on the click.
 */
export function RegistrationSheetButton({ registrationId, fullName }: { registrationId: string; fullName: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const can = useCan();

  async function download() {
    setBusy(true);
    try {
      const registration = await queryClient.fetchQuery(registrationQueryOptions(registrationId));
      const { downloadRegistrationSheet } = await import("@web/lib/registration-sheet");
      const facePhotoRef = registration.photos?.find((photo) => photo.kind === "face");
      const face = facePhotoRef ? await facePhoto(registrationId, facePhotoRef) : undefined;
      // Without contacts.see the reply's contacts are null (issue 33): the sheet leaves them out.
      const sheet = toRegistrationSheet(registration, registration.event, registration.timeslot, registration.checkInUrl);
      await downloadRegistrationSheet({ ...sheet, hidden: fieldsHiddenFrom(can) }, undefined, undefined, face);
    } catch (error) {
      console.warn("registration sheet failed", error);
      toast.error(t("registrations.messages.sheetFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="ghost"
      size="icon-sm"
      onClick={() => void download()}
      disabled={busy}
      aria-label={t("registrations.actions.pdf", { name: fullName })}
      title={t("registrations.actions.pdf", { name: fullName })}
    >
      <FileDown aria-hidden="true" />
    </Button>
  );
}
