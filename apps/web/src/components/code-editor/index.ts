export { CodeEditor, type CodeEditorProps } from './code-editor';
