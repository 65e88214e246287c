import { useT } from "@web/lib/language";
import { PAGE_SIZES } from "@common/constants";
import { pageCount, pageItems, shownRange } from "@common/pagination";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useId } from "react";
import { Button } from "@web/components/ui/button";
import { NativeSelect } from "@web/components/ui/input";

interface PaginationBarProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export function PaginationBar({ page, pageSize, total, onPageChange, onPageSizeChange }: PaginationBarProps) {
  const t = useT();
  const sizeId = useId();
  const pages = pageCount(total, pageSize);
  const { from, to } = shownRange(page, pageSize, total);
  return (
    <div className="flex flex-col gap-3 border-t pt-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        <p aria-live="polite">{t("registrations.pagination.showing", { from, to, total })}</p>
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId}>{t("registrations.pagination.pageSize")}</label>
          <NativeSelect
            id={sizeId}
            className="h-9 w-auto"
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <nav aria-label={t("registrations.pagination.label")}>
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
              <ChevronLeft aria-hidden="true" />
              <span className="max-sm:sr-only">{t("registrations.pagination.previous")}</span>
            </Button>
          </li>
          {pageItems(page, pages).map((item, index) =>
            item === "ellipsis" ? (
              <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-muted-foreground">
                …
              </li>
            ) : (
              <li key={item}>
                <Button
                  variant={item === page ? "default" : "ghost"}
                  size="icon-sm"
                  aria-label={t("registrations.pagination.page", { page: item })}
                  aria-current={item === page ? "page" : undefined}
                  onClick={() => onPageChange(item)}
                >
                  {item}
                </Button>
              </li>
            ),
          )}
          <li>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
              <span className="max-sm:sr-only">{t("registrations.pagination.next")}</span>
              <ChevronRight aria-hidden="true" />
            </Button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
