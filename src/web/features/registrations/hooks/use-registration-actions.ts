import { useT } from "@web/lib/language";
import type { MessageId } from "@common/i18n";
import type { RegistrationListItem, RegistrationReview } from "@common/schemas/registrations";
import { useState } from "react";
import { toast } from "sonner";
import { ApiError } from "@web/lib/api";
import { useDeleteRegistration } from "../api/delete-registration";
import { useResendVerification } from "../api/resend-verification";
import { useReviewRegistration } from "../api/review-registration";

function reviewFailure(change: RegistrationReview): MessageId {
  if (change.liked !== undefined) return "registrations.messages.likedFailed";
  if (change.attended !== undefined) return "registrations.messages.attendedFailed";
  return "registrations.messages.ratingFailed";
}

/** A row's actions (review, resend, delete with its confirmation) and the catalogue's messages for each outcome. */
export function useRegistrationActions({ onDeleted }: { onDeleted: (id: string) => void }) {
  const t = useT();
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
          // A minor without the guardian's approval (issue 32): the server says why, and where an admin can let them in.
          const guardian = error instanceof ApiError && error.code === "guardian_approval_required";
          toast.error(guardian ? error.message : t(reviewFailure(change)));
        },
      },
    );

  const onResend = (id: string) =>
    resend.mutate(id, {
      onSuccess: () => toast.success(t("registrations.messages.resent")),
      onError: (error) => {
        console.warn("resend verification failed", error);
        toast.error(t("registrations.messages.resendFailed"));
      },
    });

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    remove.mutate(target.id, {
      onSuccess: () => {
        toast.success(t("registrations.messages.deleted"));
        onDeleted(target.id);
      },
      onError: (error) => {
        const denied = error instanceof ApiError && (error.status === 403 || error.status === 404);
        toast.error(
          denied
            ? t("registrations.messages.deleteDenied")
            : t("registrations.messages.deleteFailed", { message: error.message }),
        );
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
