// Route /forms/:name/:id? — any registered form as a page; Cancel goes back one step.
import { Container, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useRegisteredForm } from './form-registry';
import { FormNotFound } from './form-states';
import { LoadedSchemaForm } from './loaded-schema-form';

export function GenericFormPage() {
  const { name, id } = useParams();
  const definition = useRegisteredForm(name);
  const navigate = useNavigate();
  if (!definition) return <FormNotFound />;
  return (
    <Container size="sm" py="md">
      <Title order={2} mb="lg">
        {definition.title}
      </Title>
      {/* The key remounts the form when the route moves to another form or record. */}
      <LoadedSchemaForm
        key={`${definition.name}/${id ?? ''}`}
        definition={definition}
        id={id}
        onCancel={() => void navigate(-1)}
      />
    </Container>
  );
}
