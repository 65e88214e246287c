import type { RegistrationListItem, RegistrationReview } from "@common/schemas/registrations";
import { registrations as registrationsTexts } from "@common/texts/registrations";
import { useState } from "react";
import { toast } from "sonner";
import { ApiError } from "@web/lib/api";
import { useDeleteRegistration } from "../api/delete-registration";
import { useResendVerification } from "../api/resend-verification";
import { useReviewRegistration } from "../api/review-registration";

function reviewFailure(change: RegistrationReview): string {
  if (change.liked !== undefined) return registrationsTexts.messages.likedFailed;
  if (change.attended !== undefined) return registrationsTexts.messages.attendedFailed;
  return registrationsTexts.messages.ratingFailed;
}

/** A row's actions (review, resend, delete with its confirmation) and the catalogue's messages for each outcome. */
export function useRegistrationActions({ onDeleted }: { onDeleted: (id: string) => void }) {
  const review = useReviewRegistration();
  const remove = useDeleteRegistration();
  const resend = useResendVerification();
  const [deleting, setDeleting] = useState<RegistrationListItem | null>(null);

  const onReview = (id: string, change: RegistrationReview) =>
    review.mutate(
      { id, change },
      {
        onError: (error) => {
          console.warn("review update failed", error);
          toast.error(reviewFailure(change));
        },
      },
    );

  const onResend = (id: string) =>
    resend.mutate(id, {
      onSuccess: () => toast.success(registrationsTexts.messages.resent),
      onError: (error) => {
        console.warn("resend verification failed", error);
        toast.error(registrationsTexts.messages.resendFailed);
      },
    });

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    remove.mutate(target.id, {
      onSuccess: () => {
        toast.success(registrationsTexts.messages.deleted);
        onDeleted(target.id);
      },
      onError: (error) => {
        const denied = error instanceof ApiError && (error.status === 403 || error.status === 404);
        toast.error(denied ? registrationsTexts.messages.deleteDenied : registrationsTexts.messages.deleteFailed(error.message));
      },
      onSettled: () => setDeleting(null),
    });
  };

  return {
    onReview,
    onResend,
    isResending: (id: string) => resend.isPending && resend.variables === id,
    deleting,
    askDelete: setDeleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    deleteBusy: remove.isPending,
  };
}

export type RegistrationActions = ReturnType<typeof useRegistrationActions>;
