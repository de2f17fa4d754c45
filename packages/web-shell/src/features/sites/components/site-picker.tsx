import { Flex, Select, Spin, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';

/** A site as the picker shows it. */
export interface PickerSite {
  id: string;
  name: string;
  reference?: string | null | undefined;
  archived?: boolean | undefined;
}

interface SiteOption {
  value: string;
  label: string;
  /** The option's `title` attribute: the site's name (what a tooltip, and a test, finds it by). */
  title: string;
  site: PickerSite;
}

const toOption = (site: PickerSite): SiteOption => ({
  value: site.id,
  label: site.name,
  title: site.name,
  site,
});

export interface SitePickerProps {
  value: string | undefined;
  /** The sites the server answered for `search` (a page of them). */
  sites: readonly PickerSite[];
  /** How many sites match `search` in all: the picker says how many more a search would reach. */
  total?: number | undefined;
  /** The chosen site, kept as an option while a search shows other sites, so the closed picker shows its name. */
  chosen?: PickerSite | undefined;
  search: string;
  onSearch: (text: string) => void;
  onChange: (site: PickerSite | undefined) => void;
  loading: boolean;
  error?: boolean | undefined;
  open?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
  id?: string | undefined;
  /** Names the field for assistive technology when no visible label points at it. */
  ariaLabel?: string | undefined;
  placeholder?: string | undefined;
  allowClear?: boolean | undefined;
  disabled?: boolean | undefined;
  autoFocus?: boolean | undefined;
  style?: CSSProperties | undefined;
  testId: string;
}

/**
 * The one site picker of both front ends (issue 24): antd's Select over sites the server searched (name or
 * reference), each option the name with its reference below and an "Archived" mark, the chosen site always
 * labelled, and "N more: type to search" under a page that does not hold every match. Where its sites come from is
 * the caller's: the portal's site switcher (the caller's sites) and the console's pickers (the firm's sites).
 */
export default function SitePicker({
  value,
  sites,
  total,
  chosen,
  search,
  onSearch,
  onChange,
  loading,
  error,
  open,
  onOpenChange,
  id,
  ariaLabel,
  placeholder = 'Choose a site',
  allowClear,
  disabled,
  autoFocus,
  style,
  testId,
}: SitePickerProps) {
  const options = sites.map(toOption);
  if (chosen && chosen.id === value && !options.some((o) => o.value === chosen.id) && !search)
    options.unshift(toOption(chosen));
  const more = (total ?? 0) - sites.length;
  return (
    <Select<string, SiteOption>
      id={id}
      aria-label={ariaLabel}
      value={value}
      options={options}
      {...(open === undefined ? {} : { open })}
      onOpenChange={(next) => {
        onOpenChange?.(next);
        if (!next) onSearch('');
      }}
      onChange={(siteId: string | undefined) => {
        onChange(siteId ? options.find((o) => o.value === siteId)?.site : undefined);
        onSearch('');
      }}
      showSearch={{ filterOption: false, searchValue: search, onSearch }}
      placeholder={placeholder}
      loading={loading}
      allowClear={allowClear}
      disabled={disabled}
      notFoundContent={
        loading ? (
          <Spin size="small" />
        ) : error ? (
          'The sites could not be loaded.'
        ) : (
          'No site matches your search.'
        )
      }
      optionRender={({ data }) => (
        <Flex vertical>
          <span>
            {data.site.name}
            {data.site.archived ? (
              <Tag style={{ marginInlineStart: 8 }} color="default">
                Archived
              </Tag>
            ) : null}
          </span>
          {data.site.reference ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, color: '#595959' }}>
              {data.site.reference}
            </Typography.Text>
          ) : null}
        </Flex>
      )}
      popupRender={(menu) => (
        <>
          {menu}
          {more > 0 && !loading ? (
            <Typography.Text
              style={{ display: 'block', padding: '4px 12px', fontSize: 12, color: '#595959' }}
            >
              {more} more: type to search.
            </Typography.Text>
          ) : null}
        </>
      )}
      popupMatchSelectWidth={false}
      style={{ width: '100%', maxWidth: 420, ...style }}
      autoFocus={autoFocus}
      data-testid={testId}
    />
  );
}
