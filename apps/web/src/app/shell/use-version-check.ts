// Spec §4/§7: /versionWorker.js reports {version, timestamp}; when the deployed build is newer
// than the one recorded, an update prompt shows 1 s later. 'Later' resets the recorded
// timestamp to 0, which makes the next report the new baseline instead of prompting again.
import { useCallback, useEffect, useState } from 'react';
import { STORAGE_KEYS, UPDATE_PROMPT_DELAY_MS } from '@netfleet/contracts';
import { sessionHooks } from '@/lib/session-hooks';

export interface DeployedVersion {
  version: string;
  timestamp: number;
}

function isDeployedVersion(value: unknown): value is DeployedVersion {
  if (typeof value !== 'object' || value === null) return false;
  const { version, timestamp } = value as Partial<DeployedVersion>;
  return typeof version === 'string' && typeof timestamp === 'number';
}

/** Called once per page load: the running build is the current one. */
export function recordRunningVersion(version: string, timestamp: number): void {
  localStorage.setItem(STORAGE_KEYS.spaVersion, version);
  localStorage.setItem(STORAGE_KEYS.currentVersionTimestamp, String(timestamp));
}

/** Returns the newer version to offer, or null. */
export function compareDeployed(deployed: DeployedVersion): DeployedVersion | null {
  const recorded = Number(localStorage.getItem(STORAGE_KEYS.currentVersionTimestamp));
  if (!recorded) {
    localStorage.setItem(STORAGE_KEYS.currentVersionTimestamp, String(deployed.timestamp));
    return null;
  }
  return deployed.timestamp > recorded ? deployed : null;
}

export interface VersionCheck {
  available: DeployedVersion | null;
  reload: () => void;
  later: () => void;
}

export function useVersionCheck(workerUrl = '/versionWorker.js'): VersionCheck {
  const [available, setAvailable] = useState<DeployedVersion | null>(null);

  useEffect(() => {
    if (typeof Worker === 'undefined') return undefined;
    const worker = new Worker(workerUrl);
    let timer: ReturnType<typeof setTimeout> | undefined;
    worker.onmessage = (event: MessageEvent<unknown>) => {
      if (!isDeployedVersion(event.data)) return;
      const newer = compareDeployed(event.data);
      if (!newer) return;
      clearTimeout(timer);
      timer = setTimeout(() => setAvailable(newer), UPDATE_PROMPT_DELAY_MS);
    };
    return () => {
      clearTimeout(timer);
      worker.terminate();
    };
  }, [workerUrl]);

  const reload = useCallback(() => {
    if (available) recordRunningVersion(available.version, available.timestamp);
    sessionHooks().reload();
  }, [available]);

  const later = useCallback(() => {
    setAvailable(null);
    localStorage.setItem(STORAGE_KEYS.currentVersionTimestamp, '0');
  }, []);

  return { available, reload, later };
}
