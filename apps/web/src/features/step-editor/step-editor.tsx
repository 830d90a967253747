import type { AdminStep } from '@tappa/contracts';
import { formatDistanceKm } from '@tappa/domain';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { useRouteSummary } from '../../api/routes';
import { useRouteSteps, useSaveSteps } from '../../api/steps';
import { LoadingSpinner } from '../../components/loading-spinner';
import { useDocumentHead } from '../../lib/document-head';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { EditorHeader } from './editor-header';
import { mapPins, pinsDistanceKm, typedPoint } from './map-helpers';
import { StepForm } from './step-form';
import { StepList } from './step-list';
import { loadedState, stepListReducer } from './step-list-state';
import type { MapPoint } from './step-list-state';
import { StepMap } from './step-map';
import { isValid, stepsPayload, validateDraft } from './step-payload';
import type { StepDraft } from './step-draft';
import { useLeaveWarning } from './use-leave-warning';
import { useMapView } from './use-map-view';
import '../../components/admin-ui.css';
import '../../components/forms.css';
import './step-editor.css';
import './step-form.css';
import './step-workspace.css';
import { dialogs } from '../../lib/dialogs';

/** Props of `StepEditor`. */
export interface StepEditorProps {
  tenantSlug: string;
  routeId: string;
}

/** The step editor of a route: step list, the selected step's form, the map, and Save. */
export function StepEditor({ tenantSlug, routeId }: StepEditorProps) {
  const { t } = useTranslation();
  const steps = useRouteSteps(tenantSlug, routeId, { editing: true });
  const route = useRouteSummary(tenantSlug, routeId);
  const title = route.data
    ? t('stepEditor.title', { title: route.data.title })
    : t('stepEditor.titleFallback');
  useDocumentHead({ title });

  if (steps.isPending) return <LoadingSpinner />;
  if (steps.isError) {
    return (
      <main className="se">
        <EditorHeader title={title} tenantSlug={tenantSlug} routeId={routeId} />
        <p role="alert" className="alert alert--error">
          {errorText(steps.error, t)}
        </p>
      </main>
    );
  }
  return (
    <LoadedEditor tenantSlug={tenantSlug} routeId={routeId} title={title} initial={steps.data} />
  );
}

/** Props of `LoadedEditor`. */
interface LoadedEditorProps extends StepEditorProps {
  title: string;
  initial: AdminStep[];
}

/** The editor once the steps are in: its own working copy until Save. */
function LoadedEditor({ tenantSlug, routeId, title, initial }: LoadedEditorProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(stepListReducer, initial, (steps) => loadedState(steps));
  const [attempted, setAttempted] = useState(false);
  const save = useSaveSteps(tenantSlug, routeId);
  const { view, centreWhenTyped, show, fitRoute } = useMapView();
  const { drafts, selected, dirty } = state;
  useLeaveWarning(dirty, t('stepEditor.confirmLeave'));

  const pins = useMemo(() => mapPins(drafts, selected), [drafts, selected]);
  // Errors show once a save was refused, and then follow the user's corrections.
  const errors = useMemo(() => (attempted ? drafts.map(validateDraft) : []), [attempted, drafts]);
  const invalid = useMemo(
    () => new Set(errors.flatMap((e, i) => (isValid(e) ? [] : [i]))),
    [errors],
  );
  const firstInvalid = Math.min(...invalid);
  const current = selected === null ? undefined : drafts[selected];

  const onMapClick = useCallback(
    (position: MapPoint) => dispatch({ type: 'mapClick', position }),
    [],
  );
  const onPinMove = useCallback(
    (index: number, position: MapPoint) => dispatch({ type: 'place', index, position }),
    [],
  );
  const onPinSelect = useCallback((index: number) => dispatch({ type: 'select', index }), []);
  const onChange = useCallback(
    (patch: Partial<StepDraft>) => {
      const draft = selected === null ? undefined : drafts[selected];
      if (selected === null || !draft) return;
      dispatch({ type: 'update', index: selected, patch });
      // Typed coordinates move the pin at once, and the map once typing pauses.
      if ('lat' in patch || 'lng' in patch) centreWhenTyped(typedPoint({ ...draft, ...patch }));
    },
    [selected, drafts, centreWhenTyped],
  );
  const onListSelect = useCallback(
    (index: number) => {
      dispatch({ type: 'select', index });
      show(pins.find((pin) => pin.index === index));
    },
    [pins, show],
  );

  function handleSave() {
    const result = stepsPayload(drafts);
    if (!result.ok) {
      setAttempted(true);
      dispatch({ type: 'select', index: result.index });
      return;
    }
    save.mutate(result.steps, {
      onSuccess: (saved) => {
        setAttempted(false);
        dispatch({ type: 'load', steps: saved });
        fitRoute(saved);
      },
    });
  }

  async function handleDelete(index: number) {
    const draft = drafts[index];
    if (!draft) return;
    const place = draft.place.trim() || t('stepEditor.noPlace');
    if (!(await dialogs.confirm(t('stepEditor.confirmDelete', { n: index + 1, place })))) return;
    dispatch({ type: 'remove', index });
  }

  const invalidDraft = drafts[firstInvalid];
  return (
    <main className="se">
      <EditorHeader title={title} tenantSlug={tenantSlug} routeId={routeId}>
        <span className="se-distance">
          {t('stepEditor.totalDistance', { distance: formatDistanceKm(pinsDistanceKm(pins)) })}
        </span>
        {dirty ? <span className="badge badge--warning">{t('stepEditor.unsaved')}</span> : null}
        <button
          type="button"
          className="btn btn--primary"
          disabled={save.isPending}
          onClick={handleSave}
        >
          {save.isPending ? t('stepEditor.saving') : t('stepEditor.save')}
        </button>
      </EditorHeader>
      <div className="se-banners" aria-live="polite">
        {save.isSuccess && !dirty ? (
          <p role="status" className="alert alert--success">
            {t('stepEditor.saved')}
          </p>
        ) : null}
      </div>
      {save.isError ? (
        <p role="alert" className="alert alert--error">
          {errorText(save.error, t)}
        </p>
      ) : null}
      {invalidDraft ? (
        <p role="alert" className="alert alert--error">
          {t('stepEditor.invalidStep', {
            n: firstInvalid + 1,
            place: invalidDraft.place.trim() || t('stepEditor.noPlace'),
          })}
        </p>
      ) : null}
      <div className="se-workspace" inert={save.isPending}>
        <StepList
          drafts={drafts}
          selected={selected}
          invalid={invalid}
          onSelect={onListSelect}
          onAdd={() => dispatch({ type: 'add' })}
          onMove={(index, delta) => dispatch({ type: 'move', index, delta })}
          onReorder={(from, to) => dispatch({ type: 'reorder', from, to })}
          onDelete={(index) => void handleDelete(index)}
        />
        <div className="se-formcol">
          {current && selected !== null ? (
            <StepForm
              key={current.key}
              draft={current}
              number={selected + 1}
              errors={errors[selected] ?? {}}
              onChange={onChange}
              onClose={() => dispatch({ type: 'select', index: null })}
            />
          ) : (
            <p className="panel muted">{t('stepEditor.selectHint')}</p>
          )}
        </div>
        <div className="se-mapcol">
          <StepMap
            pins={pins}
            label={t('stepEditor.mapLabel')}
            fitLabel={t('stepEditor.fitRoute')}
            pinTitle={(pin) =>
              pin.selected
                ? t('stepEditor.currentPin', { n: pin.number, place: pin.place })
                : `${pin.number}. ${pin.place}`
            }
            view={view}
            onMapClick={onMapClick}
            onPinMove={onPinMove}
            onPinSelect={onPinSelect}
          />
        </div>
      </div>
    </main>
  );
}
