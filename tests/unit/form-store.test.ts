import { describe, expect, it } from 'vitest';
import { createForm, type Problems } from '../../src/stores/form.ts';

type Field = 'name' | 'bio';
const tooShort = { key: 'auth:validation.required' } as const;

function nameForm(send: (values: Record<Field, string>) => Promise<Record<Field, string> | void>) {
  return createForm<Record<Field, string>>({
    initial: { name: '', bio: 'hi' },
    check: (v): Problems<Field> => (v.name.trim() ? {} : { name: tooShort }),
    send,
    explain: (error) => ({
      problems: { bio: { text: `server: ${String(error)}` } },
      failure: 'Could not save',
    }),
    fixErrors: 'Fix the fields marked below',
  });
}

describe('createForm', () => {
  it('refuses without sending while a check finds a problem, and editing clears it', async () => {
    const sent: unknown[] = [];
    const form = nameForm(async (v) => void sent.push(v));
    expect(await form.submit()).toBe('refused');
    expect(sent).toEqual([]);
    expect(form.$form.get()).toMatchObject({
      problems: { name: tooShort },
      failure: 'Fix the fields marked below',
      submitting: false,
    });
    form.edit('name', 'Ada');
    expect(form.$form.get().problems.name).toBeUndefined();
    expect(form.$form.get().values).toEqual({ name: 'Ada', bio: 'hi' });
  });

  it('sends once at a time, and takes the answer as the new values', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const form = nameForm(async (v) => {
      await held;
      return { name: v.name.toUpperCase(), bio: v.bio };
    });
    form.edit('name', 'ada');
    const first = form.submit();
    expect(form.$form.get().submitting).toBe(true);
    expect(await form.submit()).toBe('busy');
    release();
    expect(await first).toBe('sent');
    expect(form.$form.get()).toEqual({
      values: { name: 'ADA', bio: 'hi' },
      problems: {},
      failure: null,
      submitting: false,
    });
  });

  it('explains a failed send as field problems and a message, keeping what was typed', async () => {
    const form = nameForm(() => Promise.reject(new Error('taken')));
    form.edit('name', 'Ada');
    expect(await form.submit()).toBe('failed');
    expect(form.$form.get()).toEqual({
      values: { name: 'Ada', bio: 'hi' },
      problems: { bio: { text: 'server: Error: taken' } },
      failure: 'Could not save',
      submitting: false,
    });
  });

  it('checks without sending, and clears and resets on request', async () => {
    const sent: unknown[] = [];
    const form = nameForm(async (v) => void sent.push(v));
    expect(form.check()).toBe(false);
    expect(form.$form.get().problems).toEqual({ name: tooShort });
    form.clear('name');
    expect(form.$form.get().problems).toEqual({});
    form.edit('name', 'Ada');
    expect(form.check()).toBe(true);
    expect(form.$form.get().failure).toBeNull();
    expect(sent).toEqual([]);
    form.reset();
    expect(form.$form.get()).toEqual({
      values: { name: '', bio: 'hi' },
      problems: {},
      failure: null,
      submitting: false,
    });
  });

  it('holds values of any kind and problems on fields that are not values', async () => {
    let file: string | null = null;
    const sent: unknown[] = [];
    const form = createForm<{ title: string; open: boolean }, 'title' | 'file'>({
      initial: { title: 'x', open: true },
      check: () => (file ? {} : { file: { key: 'datasets:table.required' } }),
      send: async (v) => void sent.push(v),
      explain: () => ({ problems: {}, failure: null }),
      fixErrors: null,
    });
    form.edit('open', false);
    expect(await form.submit()).toBe('refused');
    expect(form.$form.get()).toMatchObject({
      problems: { file: { key: 'datasets:table.required' } },
      failure: null,
    });
    file = 'table.csv';
    expect(await form.submit()).toBe('sent');
    expect(sent).toEqual([{ title: 'x', open: false }]);
  });

  it('drops "check the marked fields" once the last marked field is fixed, not before', () => {
    const form = createForm<{ title: string }, 'title' | 'file'>({
      initial: { title: '' },
      check: (v) => ({
        title: v.title ? undefined : { key: 'datasets:rules.nameRequired' },
        file: { key: 'datasets:table.required' },
      }),
      send: async () => {},
      explain: () => ({ problems: {}, failure: 'Could not save' }),
      fixErrors: 'Fix the fields marked below',
    });
    expect(form.check()).toBe(false);
    form.clear('file');
    expect(form.$form.get().failure).toBe('Fix the fields marked below');
    form.edit('title', 'Cities');
    expect(form.$form.get()).toMatchObject({ problems: {}, failure: null });
  });

  it('keeps a message that is not "check the marked fields" when a field is edited', async () => {
    const form = nameForm(() => Promise.reject(new Error('taken')));
    form.edit('name', 'Ada');
    expect(await form.submit()).toBe('failed');
    form.edit('bio', 'hello');
    expect(form.$form.get()).toMatchObject({ problems: {}, failure: 'Could not save' });
  });
});
