import { t as translate } from "@common/i18n";
import { useT } from "@web/lib/language";
import { zodResolver } from "@hookform/resolvers/zod";
import { createAdminSchema, isAgencyEmail, type CreateAdminInput } from "@common/schemas/accounts";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@web/components/ui/card";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { ApiError } from "@web/lib/api";
import { useCreateAdmin } from "../api/create-admin";

/** Superadmin only: promote or invite an address of the agency's domain (docs/product.md §5). */
export function CreateAdminForm({ domain }: { domain: string }) {
  const t = useT();
  const createAdmin = useCreateAdmin();
  const schema = useMemo(
    () =>
      createAdminSchema.refine((value) => isAgencyEmail(value.email, domain), {
        path: ["email"],
        error: () => translate("accounts.users.createAdmin.domainNotAllowed", { domain }),
      }),
    [domain],
  );
  const form = useForm<CreateAdminInput>({ resolver: zodResolver(schema), defaultValues: { email: "" } });
  const error = form.formState.errors.email?.message;

  const submit = form.handleSubmit((values) =>
    createAdmin.mutate(values, {
      onSuccess: (result) => {
        toast.success(
          result.outcome === "invited"
            ? t("accounts.users.createAdmin.invited", { email: result.user.email })
            : t("accounts.users.createAdmin.promoted", { email: result.user.email }),
        );
        form.reset({ email: "" });
      },
      onError: (failure) => {
        const message =
          failure instanceof ApiError && failure.code === "email_domain_not_allowed"
            ? t("accounts.users.createAdmin.domainNotAllowed", { domain })
            : t("accounts.users.createAdmin.failed");
        form.setError("email", { message });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight tracking-tight">{t("accounts.users.createAdmin.title")}</h2>
        <CardDescription>{t("accounts.users.createAdmin.body", { domain })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field id="create-admin-email" label={t("accounts.users.createAdmin.email")} error={error} className="flex-1">
            <Input
              {...fieldAria("create-admin-email", error)}
              {...form.register("email")}
              type="email"
              autoComplete="off"
              placeholder={`nombre@${domain}`}
              required
            />
          </Field>
          <Button type="submit" className="sm:mt-[22px]" disabled={createAdmin.isPending}>
            {createAdmin.isPending ? t("accounts.users.createAdmin.submitting") : t("accounts.users.createAdmin.submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
