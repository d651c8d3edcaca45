import { useTranslation } from 'react-i18next';
import { SearchForm, StatusFilter, TextFilter } from '../../../ui/crud';

interface Filters {
  keyword?: string;
  enabled?: boolean;
}

interface Props {
  list: { filters: Filters; setFilters(values: Filters): void };
  /** What the keyword is matched against. */
  hint: string;
  testId: string;
}

/** The filters both dictionary lists have: a keyword and the status. */
export function KeywordSearch({ list, hint, testId }: Props) {
  const { t } = useTranslation('system-dict');
  return (
    <SearchForm list={list}>
      <TextFilter name="keyword" label={t('fields.keyword')} maxLength={100} placeholder={hint} testId={testId} />
      <StatusFilter />
    </SearchForm>
  );
}
