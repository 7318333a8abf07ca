import {
  missingMappingFields,
  ROUTES,
  STATEMENT_DATE_FORMATS,
  STATEMENT_PRESET_NAMES,
  STATEMENT_PRESETS,
  STATEMENT_UPLOAD,
  type StatementAccount,
  type StatementImport,
  StatementImportBodySchema,
  type StatementMapping,
} from '@iddesk/contract';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { AppForm, FormFileField, FormSegmented } from '../../../../components/ui/app-form';
import { BackLink } from '../../../../components/ui/back-link';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DetailQuery } from '../../../../components/ui/detail-query';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { formatFileSize } from '../../../../lib/files';
import { common } from '../../../../lib/i18n-common';
import { useAppForm } from '../../../../lib/use-app-form';
import { AdminFrame } from '../../../staff';
import { useImportStatement, useStatementAccounts } from '../api/statements';
import { walletStaff } from '../i18n';

const MAPPING_FIELDS = [
  'date_column',
  'date_format',
  'amount_style',
  'credit_column',
  'debit_column',
  'amount_column',
  'indicator_column',
  'credit_marker',
  'narration_column',
  'reference_column',
  'balance_column',
] as const satisfies readonly (keyof StatementMapping)[];
type MappingValues = Record<(typeof MAPPING_FIELDS)[number], string>;
type Values = MappingValues & { payment_type_id: string; preset: string; file: File | undefined };

const emptyMapping = (): MappingValues =>
  Object.fromEntries(MAPPING_FIELDS.map((field) => [field, ''])) as MappingValues;
const mappingValues = (mapping: Partial<StatementMapping> | null | undefined): MappingValues => ({
  ...emptyMapping(),
  ...Object.fromEntries(Object.entries(mapping ?? {}).filter(([, v]) => typeof v === 'string')),
});

/** The form's schema: the contract's, a file, and the preset (the form's own, never sent). */
const formSchema = () =>
  StatementImportBodySchema.extend({
    preset: z.string(),
    file: z
      .custom<File>((v) => v instanceof File, { error: () => walletStaff.t('statementImport.fileMissing') })
      .refine((file) => file.size <= STATEMENT_UPLOAD.maxBytes, {
        error: () => walletStaff.t('statementImport.fileTooLarge', { max: formatFileSize(STATEMENT_UPLOAD.maxBytes) }),
      }),
  });

/** An MT940 file needs no columns; a CSV or an XLSX does. Read from the name, as the server reads the bytes. */
const isMt940 = (file: File | null) => Boolean(file && /\.(sta|mt940|940|txt)$/i.test(file.name));

function ImportForm({ accounts }: { accounts: StatementAccount[] }) {
  const t = walletStaff.useT();
  const navigate = useNavigate();
  const mutation = useImportStatement();
  const first = accounts.find((a) => a.is_active) ?? accounts[0];
  const schema = useMemo(() => formSchema(), []);
  const app = useAppForm({
    schema,
    defaultValues: {
      payment_type_id: first ? String(first.id) : '',
      preset: first?.mapping ? 'saved' : '',
      file: undefined,
      ...mappingValues(first?.mapping),
    },
    fileField: 'file',
    submit: ({ preset: _preset, ...values }) => mutation.mutateAsync(values),
    onSuccess: (data: StatementImport) => navigate(ROUTES.adminStatement(data.id)),
  });
  const values = useWatch({ control: app.form.control }) as Partial<Values>;
  const account = accounts.find((a) => String(a.id) === values.payment_type_id);
  const style = values.amount_style;
  const mt940 = isMt940(values.file ?? null);
  const missing = new Set(mt940 ? [] : missingMappingFields(values as StatementMapping));

  const choosePreset = (preset: string) => {
    const mapping = preset === 'saved' ? account?.mapping : STATEMENT_PRESETS[preset as keyof typeof STATEMENT_PRESETS];
    if (!mapping) return;
    for (const [field, value] of Object.entries(mappingValues(mapping))) {
      app.form.setValue(field as keyof MappingValues, value, { shouldDirty: true });
    }
  };
  const presetField = app.form.register('preset', { onChange: (event: { target: { value: string } }) => choosePreset(event.target.value) });
  const accountField = app.form.register('payment_type_id', {
    onChange: (event: { target: { value: string } }) => {
      const next = accounts.find((a) => String(a.id) === event.target.value);
      if (next?.mapping) {
        app.form.setValue('preset', 'saved');
        choosePreset('saved');
      }
    },
  });
  const column = (name: keyof MappingValues, label: string, hint?: string) => (
    <TextField label={label} hint={hint} maxLength={80} autoComplete="off" {...app.field(name)} />
  );

  return (
    <Card className="max-w-3xl">
      <AppForm app={app} className="flex flex-col gap-5">
        <SelectField label={t('statementImport.account')} hint={t('statementImport.accountHint')} {...accountField} error={app.field('payment_type_id').error}>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.is_active ? a.name : t('statementImport.inactive', { name: a.name })}
            </option>
          ))}
        </SelectField>
        <FormFileField
          name="file"
          label={t('statementImport.file')}
          accept={STATEMENT_UPLOAD.accept}
          hint={t('statementImport.fileHint', { max: formatFileSize(STATEMENT_UPLOAD.maxBytes) })}
          check={(file) =>
            file.size > STATEMENT_UPLOAD.maxBytes ? t('statementImport.fileTooLarge', { max: formatFileSize(STATEMENT_UPLOAD.maxBytes) }) : null
          }
        />
        <fieldset className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-4" disabled={mt940}>
          <legend className="px-1 text-base font-semibold text-slate-900">{t('statementImport.columns')}</legend>
          <p className="text-sm text-slate-600">{mt940 ? t('statementImport.mt940') : t('statementImport.columnsHint')}</p>
          <SelectField label={t('statementImport.preset')} {...presetField}>
            <option value="">{t('statementImport.presetCustom')}</option>
            {account?.mapping ? <option value="saved">{t('statementImport.presetSaved', { name: account.name })}</option> : null}
            {STATEMENT_PRESET_NAMES.map((name) => (
              <option key={name} value={name}>
                {t(`statementImport.bank.${name}`)}
              </option>
            ))}
          </SelectField>
          <div className="grid gap-4 sm:grid-cols-2">
            {column('date_column', t('statementImport.dateColumn'))}
            <SelectField label={t('statementImport.dateFormat')} {...app.field('date_format')}>
              <option value="">{t('statementImport.choose')}</option>
              {STATEMENT_DATE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {format}
                </option>
              ))}
            </SelectField>
          </div>
          <FormSegmented
            name="amount_style"
            legend={t('statementImport.amountStyle')}
            options={[
              { value: 'split', label: t('statementImport.style.split') },
              { value: 'signed', label: t('statementImport.style.signed') },
              { value: 'indicator', label: t('statementImport.style.indicator') },
            ]}
          />
          {missing.has('amount_style') && app.field('amount_style').error ? (
            <p className="-mt-3 text-sm font-medium text-red-700" role="alert">
              {app.field('amount_style').error}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {style === 'split' ? (
              <>
                {column('credit_column', t('statementImport.creditColumn'))}
                {column('debit_column', t('statementImport.debitColumn'))}
              </>
            ) : null}
            {style === 'signed' || style === 'indicator' ? column('amount_column', t('statementImport.amountColumn')) : null}
            {style === 'indicator' ? (
              <>
                {column('indicator_column', t('statementImport.indicatorColumn'))}
                {column('credit_marker', t('statementImport.creditMarker'), t('statementImport.creditMarkerHint'))}
              </>
            ) : null}
            {column('narration_column', t('statementImport.narrationColumn'))}
            {column('reference_column', t('statementImport.referenceColumn'), t('statementImport.optional'))}
            {column('balance_column', t('statementImport.balanceColumn'), t('statementImport.optional'))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={app.loading}>
            {t('statementImport.submit')}
          </Button>
        </div>
      </AppForm>
    </Card>
  );
}

/** `/admin/statements/import`: a payment account's bank statement, read and matched (issue 54). */
export function AdminStatementImportPage() {
  const t = walletStaff.useT();
  const titles = common.useT();
  const query = useStatementAccounts();
  return (
    <AdminFrame
      title={titles('titles.admin.statementImport')}
      description={t('statementImport.description')}
      actions={<BackLink to={ROUTES.adminStatements}>{t('statements.back')}</BackLink>}
    >
      <DetailQuery query={query} loadingLabel={t('statementImport.loading')} notFound={null}>
        {(accounts) =>
          accounts.length === 0 ? (
            <Card className="max-w-3xl">
              <p className="text-slate-700">{t('statementImport.noAccounts')}</p>
            </Card>
          ) : (
            <ImportForm accounts={accounts} />
          )
        }
      </DetailQuery>
    </AdminFrame>
  );
}
