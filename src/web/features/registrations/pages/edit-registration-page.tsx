import { useT } from "@web/lib/language";
import type { RegistrationDetail, RegistrationEdit } from "@common/schemas/registrations";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api";
import { useRegistration } from "../api/get-registration";
import { useUpdateRegistration } from "../api/update-registration";
import { RegistrationEditForm } from "../components/registration-edit-form";
import { RegistrationPhotosEditor } from "../components/registration-photos-editor";
import { RegistrationPrivacyPanel } from "../components/registration-privacy";

const LIST = "/dashboard/scouting/registrations";

export function EditRegistrationPage() {
  const t = useT();
  const { registrationId = "" } = useParams();
  const navigate = useNavigate();
  const registration = useRegistration(registrationId);
  const update = useUpdateRegistration();
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
      {registration.isPending ? (
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <Loading text={t("registrations.edit.loading")} />
          </CardContent>
        </Card>
      ) : registration.isError ? (
        <LoadFailed error={registration.error} />
      ) : (
        <>
          {/* The person's fields first; then their photos and their consent, each saved on its own. */}
          <Card>
            <CardContent className="pt-5 sm:pt-6">
              {update.isError ? (
                <Alert variant="destructive" className="mb-4">
                  <AlertDescription>{t("registrations.edit.saveError")}</AlertDescription>
                </Alert>
              ) : null}
              <RegistrationEditForm
                key={registration.data.id}
                registration={registration.data}
                saving={update.isPending}
                onSubmit={onSubmit}
                onCancel={() => void backToList()}
                serverErrors={serverErrors}
              />
            </CardContent>
          </Card>
          <Card>
            <CardContent className="pt-5 sm:pt-6">
              <RegistrationPhotosEditor registrationId={registration.data.id} photos={registration.data.photos ?? []} />
            </CardContent>
          </Card>
          <ConsentCard registration={registration.data} onErased={() => void backToList()} />
        </>
      )}
    </div>
  );
}

/** The person's consent and guardian, and an admin's export, keep and erase. */
function ConsentCard({ registration, onErased }: { registration: RegistrationDetail; onErased: () => void }) {
  if (!registration.privacy) return null;
  return (
    <Card>
      <CardContent className="pt-5 sm:pt-6">
        <RegistrationPrivacyPanel id={registration.id} privacy={registration.privacy} onErased={onErased} />
      </CardContent>
    </Card>
  );
}

/** The registration could not be read: say why, and offer the way back to the list (and a retry when it may pass). */
function LoadFailed({ error }: { error: Error }) {
  const t = useT();
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Alert variant={notFound ? "default" : "destructive"}>
      <AlertTitle>{notFound ? t("registrations.errors.notFound") : t("registrations.edit.loadError")}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{notFound ? t("registrations.edit.notFoundHint") : error.message}</p>
        <Button asChild variant="outline" size="sm" className="w-fit">
          <Link to={LIST}>
            <ArrowLeft aria-hidden="true" />
            {t("registrations.edit.backToList")}
          </Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export const Component = EditRegistrationPage;
