import { exports as exportCalls } from '@caudal/contract/routes';
import { Button, Group, Paper, Stack, Stepper, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBolt, IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageKey } from '../../../shared/api/api-error';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { PageHeader } from '../../../shared/components/page-header';
import { useFormatters } from '../../../shared/format/use-formatters';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocale, useLocalePath } from '../../../shared/i18n/use-locale';
import { useExportStatusQuery, useGenerateExportMutation } from '../api/export-queries';
import { BasicStep } from '../components/basic-step';
import { ClientPicker } from '../components/client-picker';
import { EntityStep } from '../components/entity-step';
import { ExportProgress } from '../components/export-progress';
import { ExportSummary } from '../components/export-summary';
import { RecentExports } from '../components/recent-exports';
import { useListedEntities } from '../components/use-listed-entities';
import { useOfferedEntities } from '../components/use-offered-entities';
import {
  countChosenClients,
  EMPTY_EXPORT_FORM,
  type ExportFormState,
  findClientsWithoutEntities,
  toExportRequest,
  validateExport,
} from '../lib/export-form';

/** The fields each step owns: Next checks only these. */
const STEP_FIELDS = [['type', 'format', 'columns', 'date_from', 'date_to'], ['client_ids'], ['entity_ids']];

/** `/wealth/export`: basic data → clients → entities → export (generated, then download or a new file). */
export function ExportWizardRoute() {
  const { t } = useTranslation();
  const language = useLocale();
  const to = useLocalePath();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const format = useFormatters();
  const listed = useListedEntities();
  const [step, setStep] = useState(0);
  const [form, setForm] = useState<ExportFormState>(EMPTY_EXPORT_FORM);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [exportId, setExportId] = useState<string | null>(null);
  const generate = useGenerateExportMutation();
  const status = useExportStatusQuery(exportId);
  // New clients bring their entities (and their products' banks) in ticked; entities no longer offered
  // go. The whole list offers every listed entity, all ticked.
  const offered = useOfferedEntities(form.clients, form.clientFilter !== null, (update) =>
    setForm((current) => ({ ...current, entityIds: update(current.entityIds) })),
  );

  const change = (patch: Partial<ExportFormState>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const cleared = { ...current };
      if (patch.type !== undefined) cleared.type = undefined;
      if (patch.columns) cleared.columns = undefined;
      if (patch.dateFrom !== undefined || patch.dateTo !== undefined) {
        cleared.date_from = undefined;
        cleared.date_to = undefined;
      }
      const isClientsChange = patch.clients !== undefined || patch.clientFilter !== undefined;
      if (isClientsChange) cleared.client_ids = undefined;
      if (patch.entityIds || isClientsChange) cleared.entity_ids = undefined;
      return cleared;
    });
  };

  const checkStep = (index: number): boolean => {
    const issues = validateExport(form, language);
    const found: Record<string, string | undefined> = {};
    for (const field of STEP_FIELDS[index] ?? []) {
      const issue = issues[field];
      if (issue) found[field] = translateDynamic(issue.message, issue.params);
    }
    if (index === 1 && !found.client_ids && countChosenClients(form) > exportCalls.EXPORT_CLIENTS_MAX) {
      found.client_ids = t('validation.exportTooManyClients', {
        n: format.integer(exportCalls.EXPORT_CLIENTS_MAX),
      });
    }
    // The chosen clients' entities are still on their way: the step waits for them.
    if (index === 2 && offered.isLoading) return false;
    if (
      index === 2 &&
      !found.entity_ids &&
      !form.clientFilter &&
      findClientsWithoutEntities(offered.clients, form.entityIds, listed).length > 0
    ) {
      found.entity_ids = t('validation.exportEntities');
    }
    setErrors((current) => ({ ...current, ...found }));
    return Object.values(found).every((value) => value === undefined);
  };

  const next = () => {
    if (checkStep(step)) setStep((current) => Math.min(current + 1, 3));
  };
  const goTo = (index: number) => {
    // Back freely; forward only through the checks of every step in between.
    if (index <= step) return setStep(index);
    for (let current = step; current < index; current += 1) {
      if (!checkStep(current)) return setStep(current);
    }
    setStep(index);
  };

  const submit = () => {
    generate.mutate(toExportRequest(form, language), {
      onSuccess: (created) => {
        setExportId(created.id);
        notifySuccess(t('exports.generated'));
      },
      onError: (error) =>
        notifyFailure(t('exports.generateFailed'), translateDynamic(errorMessageKey(error))),
    });
  };
  const newFile = () => {
    setExportId(null);
    generate.reset();
    setStep(0);
  };

  return (
    <>
      <PageHeader
        title={t('exports.wizard.title')}
        subtitle={t('exports.wizard.subtitle')}
        actions={
          // export2 has no top-bar link (the spec fixes those): the wizard's page is where it is found.
          <Button
            component={Link}
            to={to('/wealth/export2')}
            variant="default"
            leftSection={<IconBolt size={16} aria-hidden />}
            title={t('exports.wizard.quickLinkHint')}
          >
            {t('exports.wizard.quickLink')}
          </Button>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stepper
          active={step}
          onStepClick={goTo}
          orientation={isPhone ? 'vertical' : 'horizontal'}
          size="sm"
          aria-label={t('exports.wizard.stepsLabel')}
          allowNextStepsSelect={exportId === null}
        >
          <Stepper.Step
            label={t('exports.wizard.steps.basic')}
            description={t('exports.wizard.steps.basicHint')}
          >
            <StepBody title={t('exports.wizard.steps.basic')}>
              <BasicStep value={form} onChange={change} errors={errors} />
            </StepBody>
          </Stepper.Step>
          <Stepper.Step
            label={t('exports.wizard.steps.clients')}
            description={t('exports.wizard.steps.clientsHint')}
          >
            <StepBody title={t('exports.wizard.steps.clients')}>
              <ClientPicker
                selected={form.clients}
                filter={form.clientFilter}
                onChange={(selection) => change(selection)}
                error={errors.client_ids}
              />
            </StepBody>
          </Stepper.Step>
          <Stepper.Step
            label={t('exports.wizard.steps.entities')}
            description={t('exports.wizard.steps.entitiesHint')}
          >
            <StepBody title={t('exports.wizard.steps.entities')}>
              <EntityStep
                clients={offered.clients}
                entities={offered.entities}
                isLoading={offered.isLoading}
                isWholeList={form.clientFilter !== null}
                value={form.entityIds}
                onChange={(entityIds) => change({ entityIds })}
                error={errors.entity_ids}
              />
            </StepBody>
          </Stepper.Step>
          <Stepper.Step
            label={t('exports.wizard.steps.export')}
            description={t('exports.wizard.steps.exportHint')}
          >
            <StepBody title={t('exports.wizard.steps.export')}>
              <Stack gap="lg">
                <ExportSummary value={form} />
                {exportId ? (
                  <ExportProgress item={status.data} onNewFile={newFile} />
                ) : (
                  <Group>
                    <Button
                      leftSection={<IconFileExport size={18} aria-hidden />}
                      loading={generate.isPending}
                      onClick={submit}
                    >
                      {t('exports.wizard.generate')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </StepBody>
          </Stepper.Step>
        </Stepper>
        {step < 3 ? (
          <Group justify="space-between" mt="xl">
            <Button variant="default" disabled={step === 0} onClick={() => setStep((current) => current - 1)}>
              {t('exports.wizard.back')}
            </Button>
            <Button onClick={next}>{t('exports.wizard.next')}</Button>
          </Group>
        ) : exportId === null ? (
          <Group mt="xl">
            <Button variant="default" onClick={() => setStep(2)}>
              {t('exports.wizard.back')}
            </Button>
          </Group>
        ) : null}
      </Paper>
      <RecentExports />
    </>
  );
}

function StepBody({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="md" pt="lg">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
