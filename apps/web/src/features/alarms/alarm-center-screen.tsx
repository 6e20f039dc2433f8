import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/entity-table/page-header';
import { AlarmsView } from './alarms-view';
import type { AlarmScope } from './model/alarm-query';

const ALL: AlarmScope = { kind: 'all' };

/** Every alarm of the caller's devices and assets (the server limits customers to their own). */
export function AlarmCenterScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('react-dashboard.alarm-center')} subtitle={t('alarm.center-subtitle')} />
      <AlarmsView scope={ALL} showOriginator />
    </>
  );
}
