import type { PublicEvent } from "@common/schemas/public-responses";
import { consentProblems, needsGuardian, photoConsentNeeded } from "@common/privacy/consent";
import { useState } from "react";
import { emptyConsent, type ConsentErrors, type ConsentState } from "../components/consent-fields";
import { photoIds, type PhotoStates } from "../components/photo-pickers";
import type { RegistrationFormValues } from "./use-registration-form";

/** The consent part of the request: the guardian only for a minor. */
export function consentInput(consent: ConsentState, minor = true) {
  return {
    consentDataProcessing: consent.consentDataProcessing,
    consentPhotoScouting: consent.consentPhotoScouting,
    consentClientSharing: consent.consentClientSharing,
    ...(minor ? { guardianName: consent.guardianName, guardianEmail: consent.guardianEmail } : {}),
  };
}

/** The form's consent and guardian answers (issue 18), checked by the server's own rule (consentProblems). */
export function useConsent(event: PublicEvent, values: RegistrationFormValues, photos: PhotoStates, attempted: boolean) {
  const [consent, setConsentState] = useState<ConsentState>(emptyConsent);
  const [consentErrors, setConsentErrors] = useState<ConsentErrors>({});
  const minor = needsGuardian(values.dateOfBirth ?? "");
  const checkConsent = (next: ConsentState): ConsentErrors =>
    consentProblems(
      {
        ...consentInput(next),
        privacyNoticeVersion: event.privacyNoticeVersion,
        dateOfBirth: values.dateOfBirth ?? "",
        email: values.email ?? "",
      },
      { photoConsentNeeded: photoConsentNeeded(event.photos, Object.keys(photoIds(photos)).length > 0) },
    );
  const setConsent = (next: ConsentState) => {
    setConsentState(next);
    if (attempted) setConsentErrors(checkConsent(next));
  };
  return { consent, consentErrors, setConsentErrors, setConsent, checkConsent, minor };
}
