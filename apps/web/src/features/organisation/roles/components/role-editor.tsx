import {
  Alert,
  Button,
  Center,
  Group,
  Input,
  Loader,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { hasPermission, ROLE_NAME_MAX_LENGTH, type Role } from '@netfleet/contracts';
import { CompanySelect } from '@/components/company-select';
import { useDialog } from '@/components/dialogs';
import { fieldErrorProp, FormErrorAlert, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { createRole } from '../api/create-role';
import { useRolePermissions } from '../api/get-role-permissions';
import { rolesKeys } from '../api/keys';
import { updateRole } from '../api/update-role';
import {
  ROLE_FORM_FIELDS,
  roleFormSchema,
  type RoleFormInput,
  type RoleFormValues,
} from './role-form-schema';
import { ROLE_TEXTS } from '../texts';
import { RolePermissionTable } from './role-permission-table';

interface RoleFormProps {
  /** The custom role edited; absent for a new one. */
  role?: Role;
  permissions: string[];
}

const isFormField = (field: string): field is keyof RoleFormInput =>
  (ROLE_FORM_FIELDS as readonly string[]).includes(field);

function RoleForm({ role, permissions }: RoleFormProps) {
  const me = useCurrentUser();
  const dialog = useDialog();
  const creating = role === undefined;
  const resolver = useMemo(() => zodResolver(roleFormSchema(creating)), [creating]);
  const form = useForm<RoleFormInput, unknown, RoleFormValues>({
    resolver,
    defaultValues: {
      title: role?.title ?? '',
      description: role?.description ?? '',
      company_id: role ? undefined : me.company_id,
      permission_id: permissions,
    },
  });
  const submitter = useFormSubmit<RoleFormValues>({
    request: ({ title, description, company_id: companyId, permission_id: granted }) =>
      role
        ? updateRole(role.id, { title, description, permission_id: granted })
        : createRole({
            title,
            description,
            company_id: companyId ?? me.company_id,
            permission_id: granted,
          }),
    item: ROLE_TEXTS.items.role,
    verb: creating ? 'create' : 'update',
    invalidate: [rolesKeys.all],
    fields: creating ? ROLE_FORM_FIELDS : ROLE_FORM_FIELDS.filter((f) => f !== 'company_id'),
    setFieldError: (field, message) => {
      if (isFormField(field)) form.setError(field, { type: 'server', message });
    },
  });
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="md">
        <TextInput
          label={ROLE_TEXTS.titleLabel}
          required
          maxLength={ROLE_NAME_MAX_LENGTH}
          data-autofocus
          error={fieldErrorProp(errors.title)}
          {...form.register('title')}
        />
        <Textarea
          label={ROLE_TEXTS.descriptionLabel}
          rows={3}
          error={fieldErrorProp(errors.description)}
          {...form.register('description')}
        />
        {creating && (
          <Controller
            control={form.control}
            name="company_id"
            render={({ field, fieldState }) => (
              <CompanySelect
                label={ROLE_TEXTS.companyLabel}
                required
                value={field.value === undefined ? null : String(field.value)}
                onChange={(id) => field.onChange(id === null ? undefined : Number(id))}
                fallback={{ value: String(me.company_id), label: me.company_name }}
                searchable={hasPermission(me.permissions, 'view_companies')}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
        )}
        <Controller
          control={form.control}
          name="permission_id"
          render={({ field, fieldState }) => (
            <Input.Wrapper
              label={ROLE_TEXTS.permissionsLabel}
              error={fieldErrorProp(fieldState.error)}
            >
              <RolePermissionTable
                value={field.value}
                onChange={field.onChange}
                grantable={me.permissions}
              />
            </Input.Wrapper>
          )}
        />
        <FormErrorAlert messages={submitter.errors} />
        <Group justify="flex-end">
          {dialog && (
            <Button variant="default" onClick={dialog.close}>
              {ROLE_TEXTS.cancel}
            </Button>
          )}
          <Button type="submit" loading={submitter.state === 'waiting'}>
            {creating ? ROLE_TEXTS.createRole : ROLE_TEXTS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** An existing role's form starts from the permissions it grants now. */
function EditRoleForm({ role }: { role: Role }) {
  const permissions = useRolePermissions(role.id);
  if (permissions.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={ROLE_TEXTS.loadingPermissions} />
      </Center>
    );
  }
  if (permissions.isError) {
    const { error } = permissions;
    return (
      <Alert color="red" variant="light" role="alert">
        {isApiError(error) ? error.message : ROLE_TEXTS.loadFailed}
      </Alert>
    );
  }
  return <RoleForm role={role} permissions={permissions.data} />;
}

/** The new/edit role dialog's content: title, description, company (new only), permissions. */
export function RoleEditor({ role }: { role?: Role }) {
  return role ? <EditRoleForm role={role} /> : <RoleForm permissions={[]} />;
}
