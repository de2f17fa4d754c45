import type { ReminderSettings } from '@portico/contracts';
import { notify, toApiError } from '@portico/web-shell';
import { Button, Card, Flex, InputNumber, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { useGetReminderSettingsQuery, useSaveReminderSettingsMutation } from '../api/requests.ts';

const FIELDS: [keyof ReminderSettings, string, number, number][] = [
  ['daysBefore', 'Days before the due date (0: none)', 0, 60],
  ['overdueEveryDays', 'Then, when overdue, every … days', 1, 60],
  ['overdueMax', 'Overdue reminders at most', 0, 20],
];

/** When the firm's reminders go out; each step is sent once per request. */
export function ReminderSettingsCard() {
  const { tenant, ready } = useTenant();
  const settings = useGetReminderSettingsQuery({ tenant }, { skip: !ready });
  const [save, saving] = useSaveReminderSettingsMutation();
  const [draft, setDraft] = useState<ReminderSettings | undefined>();
  useEffect(() => setDraft(settings.data), [settings.data]);
  if (!draft) return null;
  return (
    <Card size="small" title={<span style={{ fontWeight: 600 }}>Reminders</span>}>
      <Flex gap={16} wrap align="flex-end">
        {FIELDS.map(([key, label, min, max]) => (
          <Flex key={key} vertical gap={4}>
            <Typography.Text>{label}</Typography.Text>
            <InputNumber
              aria-label={label}
              min={min}
              max={max}
              precision={0}
              value={draft[key]}
              onChange={(value) => setDraft({ ...draft, [key]: value ?? min })}
            />
          </Flex>
        ))}
        <Button
          loading={saving.isLoading}
          onClick={() =>
            save(draft)
              .unwrap()
              .then(
                () => notify.success('Reminders saved', 'They apply from the next reminder on.'),
                (error: unknown) =>
                  notify.error('The reminders could not be saved', toApiError(error).message),
              )
          }
        >
          Save
        </Button>
      </Flex>
    </Card>
  );
}
