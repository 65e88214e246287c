import { useT } from "@web/lib/language";
import { AGENCY_LOGO_MAX_BYTES, AGENCY_LOGO_TYPES, type Agency, type AgencyInput } from "@common/schemas/agency";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { toast } from "sonner";
import { can, useSession } from "@web/features/accounts";
import { Alert, AlertDescription } from "@web/components/ui/alert";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { Field, fieldAria } from "@web/components/ui/field";
import { Input } from "@web/components/ui/input";
import { cn } from "@web/lib/cn";
import { PageHeader } from "@web/components/ui/page-header";
import { Loading } from "@web/components/ui/spinner";
import { ApiError } from "@web/lib/api";
import { useAgency, useSaveAgency } from "../api/agency";

/** The logo as chosen: unchanged, a new file (its data URL), or removed. */
type LogoChoice = { kind: "kept" } | { kind: "new"; dataUrl: string } | { kind: "removed" };

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsDataURL(file);
  });

/** The logo: its preview (or "no logo"), a file to replace it, a button to remove it. */
function LogoField({
  current,
  logo,
  onChange,
  serverError,
}: {
  current: string | null;
  logo: LogoChoice;
  onChange: (logo: LogoChoice) => void;
  serverError: string | undefined;
}) {
  const t = useT();
  const [logoError, setLogoError] = useState<string | undefined>();
  const preview = logo.kind === "new" ? logo.dataUrl : logo.kind === "kept" ? current : null;
  const chooseLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    // Checked here first, so a wrong file is named at once; the server checks again.
    if (!(AGENCY_LOGO_TYPES as readonly string[]).includes(file.type)) return setLogoError(t("dashboard.agency.errors.logoType"));
    if (file.size > AGENCY_LOGO_MAX_BYTES) return setLogoError(t("dashboard.agency.errors.logoTooLarge"));
    setLogoError(undefined);
    onChange({ kind: "new", dataUrl: await readAsDataUrl(file) });
  };

  return (
    <Field
      id="agency-logo"
      label={t("dashboard.agency.logo")}
      hint={t("dashboard.agency.logoHint")}
      error={logoError ?? serverError}
    >
      <div className="flex flex-wrap items-center gap-4">
        <div className="grid size-20 shrink-0 place-items-center rounded-lg border bg-muted/40">
          {preview ? (
            <img src={preview} alt={t("dashboard.agency.logoPreview")} className="size-full rounded-lg object-contain" />
          ) : (
            <span className="text-xs text-muted-foreground">{t("dashboard.agency.noLogo")}</span>
          )}
        </div>
        <div className="flex min-w-0 flex-wrap gap-2">
          {/* The browser's own file control names its button in the browser's language: a button of ours instead. */}
          <label
            className={cn(
              buttonVariants({ variant: "outline" }),
              "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
            )}
          >
            {t("dashboard.agency.chooseLogo")}
            <input
              {...fieldAria("agency-logo", logoError ?? serverError, true)}
              type="file"
              accept={AGENCY_LOGO_TYPES.join(",")}
              className="sr-only"
              onChange={(e) => void chooseLogo(e)}
            />
          </label>
          {preview ? (
            <Button type="button" variant="outline" onClick={() => onChange({ kind: "removed" })}>
              {t("dashboard.agency.removeLogo")}
            </Button>
          ) : null}
        </div>
      </div>
    </Field>
  );
}

function AgencyForm({ agency }: { agency: Agency }) {
  const t = useT();
  const save = useSaveAgency();
  const [name, setName] = useState(agency.name);
  const [contactEmail, setContactEmail] = useState(agency.contactEmail);
  const [website, setWebsite] = useState(agency.website ?? "");
  const [logo, setLogo] = useState<LogoChoice>({ kind: "kept" });
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values: AgencyInput = { name, contactEmail, website };
    if (logo.kind === "new") values.logo = logo.dataUrl;
    if (logo.kind === "removed") values.logo = null;
    save.mutate(values, {
      onSuccess: () => {
        setLogo({ kind: "kept" });
        toast.success(t("dashboard.agency.saved"));
      },
    });
  };

  const errorOf = (field: string) => fields[field];
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <Field id="agency-name" label={t("dashboard.agency.name")} error={errorOf("name")}>
        <Input
          {...fieldAria("agency-name", errorOf("name"))}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field
        id="agency-contact"
        label={t("dashboard.agency.contactEmail")}
        hint={t("dashboard.agency.contactEmailHint")}
        error={errorOf("contactEmail")}
      >
        <Input
          {...fieldAria("agency-contact", errorOf("contactEmail"), true)}
          type="email"
          autoComplete="email"
          value={contactEmail}
          onChange={(e) => setContactEmail(e.target.value)}
        />
      </Field>
      <Field
        id="agency-website"
        label={t("dashboard.agency.website")}
        hint={t("dashboard.agency.websiteHint")}
        error={errorOf("website")}
      >
        <Input
          {...fieldAria("agency-website", errorOf("website"), true)}
          type="url"
          inputMode="url"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </Field>
      <LogoField current={agency.logoUrl} logo={logo} onChange={setLogo} serverError={errorOf("logo")} />
      {save.isError && !(save.error instanceof ApiError && save.error.fields) ? (
        <Alert variant="destructive">
          <AlertDescription>{save.error.message}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending ? t("dashboard.agency.saving") : t("dashboard.agency.save")}
      </Button>
    </form>
  );
}

/** /dashboard/admin/agency: the agency's name, contact address, web site and logo (the superadmin's, issue 32). */
export function AgencyPage() {
  const t = useT();
  const session = useSession();
  const agency = useAgency();
  let content;
  if (session.data && !can(session.data, "agency.manage"))
    content = (
      <Alert variant="destructive">
        <AlertDescription>{t("common.errors.forbidden")}</AlertDescription>
      </Alert>
    );
  else if (agency.isError) content = <p className="text-destructive">{t("dashboard.agency.loadFailed")}</p>;
  else if (!agency.data) content = <Loading text={t("common.loading")} />;
  else content = <AgencyForm agency={agency.data} />;
  return (
    <div className="grid max-w-2xl gap-4">
      <PageHeader title={t("dashboard.agency.title")} description={t("dashboard.agency.intro")} className="mb-2" />
      <Card>
        <CardContent className="pt-5 sm:pt-6">{content}</CardContent>
      </Card>
    </div>
  );
}

export const Component = AgencyPage;
