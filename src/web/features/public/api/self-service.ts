import type { PublicRegistrationInput } from "@common/schemas/registration";
import type { CallbackAnswerBody, CallbackView } from "@common/schemas/callbacks";
import type { ManageView, WaitlistJoined, WaitlistView } from "@common/schemas/self-service";
import { api } from "@web/lib/api";

/** GET /api/public/registrations/manage?t= */
export function getManagedRegistration(token: string, signal?: AbortSignal): Promise<ManageView> {
  return api<ManageView>(`/api/public/registrations/manage?t=${encodeURIComponent(token)}`, signal ? { signal } : {});
}

/** POST /api/public/registrations/manage/cancel */
export function cancelManagedRegistration(token: string): Promise<ManageView> {
  return api<ManageView>("/api/public/registrations/manage/cancel", { method: "POST", body: { t: token } });
}

/** POST /api/public/registrations/manage/move */
export function moveManagedRegistration(token: string, timeslotId: string): Promise<ManageView> {
  return api<ManageView>("/api/public/registrations/manage/move", { method: "POST", body: { t: token, timeslotId } });
}

/** POST /api/public/registrations/manage/client-sharing (issue 36) */
export function setManagedClientSharing(token: string, consent: boolean): Promise<ManageView> {
  return api<ManageView>("/api/public/registrations/manage/client-sharing", { method: "POST", body: { t: token, consent } });
}

/** POST /api/public/events/:eventId/waitlist (the registration's body) */
export function joinWaitlist(eventId: string, body: PublicRegistrationInput): Promise<WaitlistJoined> {
  return api<WaitlistJoined>(`/api/public/events/${encodeURIComponent(eventId)}/waitlist`, { method: "POST", body });
}

/** POST /api/public/waitlist/{confirm,accept,decline}: the page posts its link's token. */
export function waitlistAction(action: "confirm" | "accept" | "decline", token: string): Promise<WaitlistView> {
  return api<WaitlistView>(`/api/public/waitlist/${action}`, { method: "POST", body: { t: token } });
}

/** GET /api/public/callbacks?t= (issue 36): the callback invitation the link names. */
export function getCallbackInvitation(token: string, signal?: AbortSignal): Promise<CallbackView> {
  return api<CallbackView>(`/api/public/callbacks?t=${encodeURIComponent(token)}`, signal ? { signal } : {});
}

/** POST /api/public/callbacks/answer: a slot chosen, or `decline: true`. */
export function answerCallbackInvitation(body: CallbackAnswerBody): Promise<CallbackView> {
  return api<CallbackView>("/api/public/callbacks/answer", { method: "POST", body });
}
