import { getT } from '../../../i18n/index.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { numberFormat } from '../../../lib/intl.ts';
import ComparePanel from './ComparePanel.tsx';

type Props = { datasetId: number; locale: Locale; versions: number[]; columns: string[] };

/** The dataset page's compare tab: two versions compared (the same panel the data tab opens). */
export default function CompareTab({ datasetId, locale, versions, columns }: Props) {
  return (
    <ComparePanel
      t={getT(locale)}
      number={numberFormat(locale)}
      datasetId={datasetId}
      versions={versions}
      columns={columns}
    />
  );
}
