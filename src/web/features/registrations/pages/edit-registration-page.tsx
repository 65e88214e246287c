import { useT } from "@web/lib/language";
import type { RegistrationEdit } from "@common/schemas/registrations";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Card, CardContent } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api";
import { useRegistration } from "../api/get-registration";
import { useUpdateRegistration } from "../api/update-registration";
import { RegistrationEditForm } from "../components/registration-edit-form";
import { RegistrationPhotosEditor } from "../components/registration-photos-editor";
import { RegistrationPrivacyPanel } from "../components/registration-privacy";
import { isAdmin } from "@common/roles";
import { useSession } from "@web/features/accounts";

const LIST = "/dashboard/scouting/registrations";

export function EditRegistrationPage() {
  const t = useT();
  const { registrationId = "" } = useParams();
  const navigate = useNavigate();
  const registration = useRegistration(registrationId);
  const update = useUpdateRegistration();
  const session = useSession();
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof RegistrationEdit, string>>>();

  const backToList = (eventId = registration.data?.eventId) => navigate(LIST, { state: eventId ? { eventId } : null });

  const onSubmit = (values: RegistrationEdit) => {
    setServerErrors(undefined);
    update.mutate(
      { id: registrationId, values },
      {
        onSuccess: (saved) => void backToList(saved.eventId),
        onError: (error) => {
          console.warn("registration update failed", error);
          if (error instanceof ApiError && error.code === "timeslot_full") {
            setServerErrors({ timeslotId: t("registrations.edit.timeslotFull") });
            void registration.refetch();
          } else if (error instanceof ApiError && error.code === "duplicate_registration") {
            setServerErrors({ email: t("registrations.edit.duplicate") });
          } else if (error instanceof ApiError && error.fields) {
            setServerErrors(error.fields as Partial<Record<keyof RegistrationEdit, string>>);
          }
          toast.error(t("registrations.edit.saveError"));
        },
      },
    );
  };

  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <Link to={LIST} className="inline-flex w-fit items-center gap-2 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("registrations.title")}
      </Link>
      <PageHeader className="mb-0" title={t("registrations.edit.title")} />
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          {registration.isPending ? (
            <Loading text={t("registrations.edit.loading")} />
          ) : registration.isError ? (
            <Alert variant="destructive">
              <AlertTitle>{t("registrations.edit.loadError")}</AlertTitle>
              <AlertDescription>{registration.error.message}</AlertDescription>
            </Alert>
          ) : (
            <>
              {update.isError ? (
                <Alert variant="destructive" className="mb-4">
                  <AlertDescription>{t("registrations.edit.saveError")}</AlertDescription>
                </Alert>
              ) : null}
              <RegistrationPhotosEditor registrationId={registration.data.id} photos={registration.data.photos ?? []} />
              <RegistrationPrivacyPanel
                id={registration.data.id}
                privacy={registration.data.privacy}
                isAdmin={session.data ? isAdmin(session.data.role) : false}
                onErased={() => void backToList()}
              />
              <RegistrationEditForm
                key={registration.data.id}
                registration={registration.data}
                saving={update.isPending}
                onSubmit={onSubmit}
                onCancel={() => void backToList()}
                serverErrors={serverErrors}
              />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export const Component = EditRegistrationPage;
