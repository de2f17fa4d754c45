import { describe, expect, it } from 'vitest';
import { DEFAULT_REFUSED_EXTENSIONS } from '../config.ts';
import { refusalOf, scriptKind } from './upload-policy.ts';

const head = (text: string) => Buffer.from(text);

describe('scriptKind', () => {
  it.each([
    ['#!/bin/sh\nrm -rf ~\n', 'a Unix script'],
    ['#! /usr/bin/env python3\n', 'a Unix script'],
    ['\uFEFF#!/bin/bash\n', 'a Unix script'],
    ['@echo off\r\ndel /q *\r\n', 'a Windows batch file'],
    ['\uFEFF\r\n\t @ECHO OFF\r\n', 'a Windows batch file'],
    ['@ echo on\r\n', 'a Windows batch file'],
    ['@rem a comment\r\n', 'a Windows batch file'],
    ['@SetLocal EnableDelayedExpansion\r\n', 'a Windows batch file'],
    ['<job id="x"><script language="VBScript">', 'a Windows script file'],
    ['<?xml version="1.0" encoding="utf-8"?>\n<package>\n<job>', 'a Windows script file'],
    ['<html><head><title>x</title><HTA:APPLICATION ID="app" /></head>', 'an HTML application'],
  ])('recognises %j as %s', (text, kind) => {
    expect(scriptKind(head(text), DEFAULT_REFUSED_EXTENSIONS)).toBe(kind);
  });

  it.each([
    '# Minutes of the meeting\n',
    '#!important: read first\n',
    'echo off the hills\n',
    'Email me @ home\n',
    ' @ the office\n',
    '<html><body>job done</body></html>',
    '<?xml version="1.0"?><jobs><job/></jobs>',
    '%PDF-1.7\n',
    '',
  ])('takes %j for a document', (text) => {
    expect(scriptKind(head(text), DEFAULT_REFUSED_EXTENSIONS)).toBeUndefined();
  });

  it('recognises a kind only while one of its extensions is refused', () => {
    expect(scriptKind(head('#!/bin/sh\n'), ['exe'])).toBeUndefined();
    expect(scriptKind(head('@echo off\n'), ['exe', 'sh'])).toBeUndefined();
    expect(scriptKind(head('@echo off\n'), ['cmd'])).toBe('a Windows batch file');
    expect(scriptKind(head('#!/bin/sh\n'), [])).toBeUndefined();
  });
});

describe('refusalOf', () => {
  const refused = DEFAULT_REFUSED_EXTENSIONS;

  it('judges the names a file is served under, not only the one stored', () => {
    expect(refusalOf(`${'a'.repeat(196)}.bat.${'x'.repeat(30)}`, '', refused)).toContain('.bat');
    expect(refusalOf('invoice.bàt', '', refused)).toContain('.bat');
    expect(refusalOf('invoice.pdf', 'application/pdf', refused)).toBeUndefined();
    expect(refusalOf('résumé.docx', '', refused)).toBeUndefined();
  });
});
