import { FileInput, Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DEVICE_MESSAGES,
  DEVICE_SERIES,
  hasPermission,
  validateCsvFile,
} from '@netfleet/contracts';
import { useDialog } from '@/components/dialogs';
import { splitServerErrors } from '@/components/form-errors';
import { useCurrentUser } from '@/lib/current-user';
import { importDevices, type ImportRowResult } from '../api/import-devices';
import { devicesKeys } from '../api/keys';
import { RemoteSelect } from '../components/remote-select';
import { DEVICE_TEXTS } from '../texts';
import { BulkForm } from './bulk-form';
import { ImportResults } from './import-results';

const SERIES_OPTIONS = DEVICE_SERIES.map((series) => ({
  value: series,
  label: series.toUpperCase(),
}));
const FIELDS = ['file', 'company_id', 'device_series', 'tag_id'] as const;
type Field = (typeof FIELDS)[number];

/** POST /devices/import: a CSV of devices into one company, then the result of every row. */
export function ImportDialog({ companyId }: { companyId: number }) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const { permissions } = useCurrentUser();
  const [company, setCompany] = useState<string | null>(String(companyId));
  const [series, setSeries] = useState('rut');
  const [tagId, setTagId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [other, setOther] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [results, setResults] = useState<ImportRowResult[] | null>(null);

  if (results) return <ImportResults results={results} onClose={() => dialog?.close()} />;

  const submit = async () => {
    const fileError = file ? validateCsvFile(file) : DEVICE_MESSAGES.fileRequired;
    const missing: Partial<Record<Field, string>> = {};
    if (fileError) missing.file = fileError;
    if (!company) missing.company_id = DEVICE_TEXTS.companyRequired;
    setErrors(missing);
    setOther(null);
    if (!file || !company || Object.keys(missing).length > 0 || pending) return;
    setPending(true);
    try {
      const fields = {
        company_id: Number(company),
        device_series: series,
        tag_id: tagId ? Number(tagId) : undefined,
      };
      setResults(await importDevices(file, fields));
      void queryClient.invalidateQueries({ queryKey: devicesKeys.lists() });
    } catch (error) {
      const split = splitServerErrors(error, FIELDS);
      setErrors(split.fields);
      setOther(split.others.join(' ') || null);
    } finally {
      setPending(false);
    }
  };

  return (
    <BulkForm
      pending={pending}
      error={other}
      submitLabel={DEVICE_TEXTS.import}
      onSubmit={() => void submit()}
    >
      <RemoteSelect
        source={{ endpoint: '/companies' }}
        label={DEVICE_TEXTS.company}
        required
        value={company}
        onChange={setCompany}
        error={errors.company_id}
      />
      <Select
        label={DEVICE_TEXTS.series}
        required
        data={SERIES_OPTIONS}
        value={series}
        onChange={(value) => setSeries(value ?? 'rut')}
        allowDeselect={false}
        error={errors.device_series}
      />
      {hasPermission(permissions, 'view_tags') && (
        <RemoteSelect
          source={{ endpoint: '/tags', query: company ? { company_id: company } : {} }}
          label={DEVICE_TEXTS.tagOptional}
          value={tagId}
          onChange={setTagId}
          clearable
          error={errors.tag_id}
        />
      )}
      <FileInput
        label={DEVICE_TEXTS.csvFile}
        description={DEVICE_TEXTS.csvHint}
        required
        accept=".csv,text/csv"
        value={file}
        onChange={(next) => {
          setFile(next);
          setErrors((current) => ({
            ...current,
            file: next ? (validateCsvFile(next) ?? undefined) : undefined,
          }));
        }}
        error={errors.file}
        clearable
      />
    </BulkForm>
  );
}
